import { randomUUID } from 'node:crypto';
import type { CreatedOrder, Order } from '@lingxi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers.js';
import { expectLedgersBalance } from '../../../test/money.js';
import { placeOrder, sandboxOf } from '../../../test/payments.js';
import { ManualClock } from '../../platform/clock.js';

let t: TestApp;
beforeAll(async () => {
  t = await (await startTestApp({ clock: new ManualClock(new Date('2038-02-01T08:00:00Z')) })).listen();
});
afterAll(() => t?.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a retried purchase whose first request fails at the provider', () => {
  it('never hands out a payment for the order that failure removed', async () => {
    const { token } = await t.login();
    const sandbox = sandboxOf(t);
    const create = sandbox.create.bind(sandbox);
    let calls = 0;
    // The first request's payment takes long and then fails; the retry, tired of waiting for it, makes its
    // own, which comes back after the first request has given the order up.
    sandbox.create = async (order) => {
      calls++;
      if (calls === 1) {
        await sleep(4500);
        throw new Error('the provider is down');
      }
      await sleep(2500);
      return create(order);
    };
    try {
      const key = randomUUID();
      const body = { kind: 'chips', item_id: 'c600' };
      const [first, retry] = await Promise.all([
        placeOrder(t, token, body, key),
        sleep(200).then(() => placeOrder(t, token, body, key)),
      ]);
      expect(calls).toBe(2);
      expect(first.status).toBe(500);
      expect(retry.body.code).toBe(10009);
      const mine = await t.call<{ list: Order[] }>('GET', '/api/v1/order', { token });
      expect(mine.body.data.list).toEqual([]);
      // A new attempt (a new key) goes through.
      sandbox.create = create;
      const again = await placeOrder(t, token, body);
      expect((again.body.data as CreatedOrder).pay.channel).toBe('sandbox');
    } finally {
      sandbox.create = create;
    }
    await expectLedgersBalance(t.db);
  });
});
