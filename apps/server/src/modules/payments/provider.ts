import type { PayAction, PayChannel } from '@lingxi/contract';
import type { ProviderPayload } from '../../db/schema/payments.js';

/** What a provider is asked to collect (docs/product.md, Money: orders). */
export type ProviderOrder = {
  orderNo: string;
  amountFen: number;
  /** Shown to the payer (the order's title). */
  description: string;
  channel: PayChannel;
  expiresAt: Date;
  /** JSAPI and the mini-program: the payer's openid. */
  openid?: string;
  /** H5: the payer's IP, which WeChat Pay requires. */
  clientIp: string;
};

/**
 * What the provider said, as it said it (after verification): kept on the order for the operators
 * (docs/admin.md, Money). `answer`: the reply to our own request (a refund).
 */
export type ProviderMessage = { source: 'notification' | 'query' | 'answer'; body: unknown };

/** A provider's message as the order keeps it (db/schema/payments.ts). */
export const payloadOf = (m: ProviderMessage | undefined, at: Date): ProviderPayload | null =>
  m ? { source: m.source, received_at: at.toISOString(), body: m.body } : null;

/** The provider's view of a payment, from a query or a verified notification. */
export type ProviderPayment = {
  orderNo: string;
  /** SUCCESS → paid; NOTPAY/USERPAYING → pending; CLOSED/REVOKED/PAYERROR → closed at the provider. */
  state: 'paid' | 'pending' | 'closed';
  transactionId?: string;
  /** What the payer paid, to be checked against the order. */
  amountFen?: number;
  /** The merchant and app the payment was made to, to be checked against the configuration. */
  mchId?: string;
  appId?: string;
  paidAt?: Date;
  raw?: ProviderMessage;
};

export type ProviderRefund = {
  refundNo: string;
  orderNo: string;
  state: 'processing' | 'succeeded' | 'failed';
  refundId?: string;
  raw?: ProviderMessage;
};

/**
 * One payment provider (sandbox, wechatpay). Every call talks to the provider; none touches the database.
 * Order state is the payments service's alone: a provider reports, the service decides.
 */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'wechatpay';
  /** The channels this provider takes. */
  readonly channels: readonly PayChannel[];
  /** Creates the payment at the provider; answers what the client needs to pay. */
  create(order: ProviderOrder): Promise<PayAction>;
  /** Asks the provider for the payment's state (the client polls while it is pending). */
  query(orderNo: string): Promise<ProviderPayment>;
  /** Closes an unpaid payment at the provider (after 30 minutes). */
  close(orderNo: string): Promise<void>;
  /** Refunds a paid order, in full. */
  refund(r: {
    orderNo: string;
    refundNo: string;
    amountFen: number;
    totalFen: number;
    reason: string;
  }): Promise<ProviderRefund>;
}
