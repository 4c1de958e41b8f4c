import type { OrderKind } from '@lingxi/contract';
import type { Executor } from '../../db/client.js';
import type { AccountService } from '../account/account.service.js';
import type { EntitlementsService } from '../account/entitlements.service.js';
import type { AuditService } from '../admin/audit.service.js';
import type { NoticesService } from '../notices/notices.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { WalletService } from '../wallet/wallet.service.js';
import type { PaymentProvider } from './provider.js';

/** An order at the moment it is fulfilled (inside that transaction). */
export type FulfilledOrder = {
  orderNo: string;
  userId: number;
  amountFen: number;
  kind: OrderKind;
  fulfilledAt: Date;
};

/** An order at the moment it is refunded (inside that transaction). */
export type RefundedOrder = FulfilledOrder & { refundedAt: Date };

export type OrderListener<T> = (tx: Executor, order: T) => Promise<void>;

/**
 * What other modules run inside the transaction that fulfils or refunds an order (the invite commission),
 * registered in modules/index.ts so that payments knows none of them. A listener that throws rolls the whole
 * fulfilment back; the provider's retry runs it again.
 */
export class OrderHooks {
  readonly fulfilled: OrderListener<FulfilledOrder>[] = [];
  readonly refunded: OrderListener<RefundedOrder>[] = [];

  async runFulfilled(tx: Executor, o: FulfilledOrder) {
    for (const fn of this.fulfilled) await fn(tx, o);
  }

  async runRefunded(tx: Executor, o: RefundedOrder) {
    for (const fn of this.refunded) await fn(tx, o);
  }
}

/** What the payments module is built from (modules/index.ts). */
export type PaymentsDeps = {
  wallet: WalletService;
  notices: NoticesService;
  settings: SettingsService;
  /** The tier bought, as VIP rules read it (docs/money.md, VIP). */
  entitlements: EntitlementsService;
  audit: AuditService;
  /** Who an operator's order row belongs to. */
  account: AccountService;
  /** The user's openid in the official account (JSAPI pays with it), or null: WeChat's own module keeps it. */
  oaOpenIdOf: (userId: number) => Promise<string | null>;
  /** The enabled providers: the sandbox when enabled, WeChat Pay when configured. */
  providers: PaymentProvider[];
};
