import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.js';
import { startTestApp, type TestApp } from '../../../test/helpers.js';
import { expectLedgersBalance } from '../../../test/money.js';
import { placeOrder } from '../../../test/payments.js';

let t: TestApp;
beforeAll(async () => {
  t = await (await startTestApp({ clock: new ManualClock(new Date('2037-03-01T02:00:00Z')) })).listen();
});
afterAll(() => t?.close());

describe('fulfilling a VIP order', () => {
  it('completes when the settings are no longer cached (read inside its transaction, not beside it)', async () => {
    const { token } = await t.login();
    const created = await placeOrder(t, token, { kind: 'vip', item_id: 'month' });
    const no = created.body.data.order_no;
    // The payment comes back after the settings cache has lapsed: fulfilment reads the tiers again.
    t.modules.settings.forget();
    const confirmed = await Promise.race([
      t.call('POST', `/api/v1/pay/sandbox/${no}/confirm`, { token }),
      new Promise<'stuck'>((resolve) => setTimeout(() => resolve('stuck'), 15_000)),
    ]);
    expect(confirmed).not.toBe('stuck');
    const order = await t.call<{ status: string }>('GET', `/api/v1/order/${no}`, { token });
    expect(order.body.data.status).toBe('fulfilled');
    await expectLedgersBalance(t.db);
  });
});
