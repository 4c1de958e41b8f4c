import { randomUUID } from 'node:crypto';
import type { AdminOrder, Notice, Page, UserInfo } from '@lingxi/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DAY, startTestApp, type TestApp } from '../../../test/helpers.js';
import { ManualClock } from '../../platform/clock.js';
import { expectLedgersBalance, makeAdmin } from '../../../test/money.js';
import { buy, placeOrder } from '../../../test/payments.js';
import { auditLog } from '../../db/schema/admin.js';
import type { RefundedOrder } from './payments.service.js';

let t: TestApp;
let admin: string;
let adminId: number;
let adminPhone: string;
const refunded: RefundedOrder[] = [];

beforeAll(async () => {
  t = await (await startTestApp({ clock: new ManualClock(new Date('2035-06-01T08:00:00Z')) })).listen();
  t.modules.payments.onRefunded(async (_tx, o) => {
    refunded.push(o);
  });
  const a = await t.login();
  await makeAdmin(t.db, a.user.id);
  admin = a.token;
  adminId = a.user.id;
  adminPhone = a.phone;
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  await expectLedgersBalance(t.db);
});

const me = async (token: string) => (await t.call<UserInfo>('GET', '/api/v1/user', { token })).body.data;
const refund = (no: string, reason = '用户申请退款', token = admin) =>
  t.call<AdminOrder>('POST', `/api/v1/admin/order/${no}/refund`, { token, body: { reason } });
const spend = (userId: number, chips: number) =>
  t.modules.wallet.apply({
    userId,
    delta: -chips,
    reason: 'chat',
    idempotencyKey: `test:${randomUUID()}`,
  });

describe('refunds by an operator', () => {
  it('takes back the chips still unspent and records the rest', async () => {
    const { token, user, phone } = await t.login();
    const o = await buy(t, token, 'chips', 'c600');
    await spend(user.id, user.chips + 550); // 50 of the 600 left
    const res = await refund(o.order_no);
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({
      status: 'refunded',
      refund_note: '扣回50芯片；550芯片已使用，未扣回',
      user: { id: user.id, phone },
    });
    expect(res.body.data.refunded_at).toBe(t.clock.now().toISOString());
    expect((await me(token)).chips).toBe(0);
    const notices = await t.call<Page<Notice>>('GET', '/api/v1/notice?category=system', { token });
    expect(notices.body.data.list[0]).toMatchObject({ type: 'order_refunded', title: '订单已退款' });
    expect(refunded.find((r) => r.orderNo === o.order_no)).toMatchObject({ userId: user.id, kind: 'chips' });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `order:${o.order_no}`));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'order.refund',
      actorId: adminId,
      detail: { reason: '用户申请退款', user_id: user.id, amount_fen: 600 },
      before: { status: 'fulfilled', refund_status: null },
      after: {
        status: 'fulfilled',
        refund_status: 'processing',
        refund_no: expect.stringMatching(/^RF\d{24}$/),
      },
    });
  });

  it('takes back the VIP days not yet used and the unspent grant', async () => {
    const { token, user } = await t.login();
    const o = await buy(t, token, 'vip', 'month');
    t.clock.advance(10 * DAY);
    // An operator's session ends after 12 idle hours (docs/admin.md, Access): signed in again.
    admin = (await t.login(adminPhone)).token;
    const res = await refund(o.order_no);
    expect(res.body.data).toMatchObject({
      status: 'refunded',
      refund_note: '扣回300芯片；会员缩短20天；会员10天已使用，未扣回',
    });
    const u = await me(token);
    expect(u.is_vip).toBe(false);
    expect(u.chips).toBe(user.chips);
  });

  it('refunds once: 50 concurrent and repeated refunds get 10009, and the chips move once', async () => {
    const { token, user } = await t.login();
    const o = await buy(t, token, 'chips', 'c3200');
    const all = await Promise.all(Array.from({ length: 50 }, (_, i) => refund(o.order_no, `退款${i}`)));
    expect(all.filter((r) => r.body.code === 0)).toHaveLength(1);
    expect(all.filter((r) => r.body.code === 10009)).toHaveLength(49);
    expect((await refund(o.order_no)).body).toMatchObject({ code: 10009, msg: '该订单已退款' });
    // The provider's word again (a repeated callback) changes nothing.
    const row = (await t.modules.payments.byOrderNo(o.order_no))!;
    await t.modules.payments.completeRefund({
      orderNo: o.order_no,
      refundNo: row.refundNo!,
      state: 'succeeded',
    });
    expect((await me(token)).chips).toBe(user.chips);
    expect(refunded.filter((r) => r.orderNo === o.order_no)).toHaveLength(1);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `order:${o.order_no}`));
    expect(audit).toHaveLength(1);
  });

  it('refunds only fulfilled orders', async () => {
    const { token } = await t.login();
    const pending = (await placeOrder(t, token, { kind: 'chips', item_id: 'c600' })).body.data;
    expect((await refund(pending.order_no)).body).toMatchObject({
      code: 10001,
      msg: '只有已完成的订单可以退款',
    });
    expect((await refund('LX00000000000000')).body.code).toBe(10004);
    expect((await refund(pending.order_no, '')).body.code).toBe(10001);
    expect((await refund(pending.order_no, 'a\u0000b')).body.code).toBe(10001);
  });
});

describe('operator routes', () => {
  it('are 10003 for a normal user and 20003 without a token', async () => {
    const { token } = await t.login();
    const o = await buy(t, token, 'chips', 'c600');
    expect((await t.call('GET', '/api/v1/admin/order', { token })).body.code).toBe(10003);
    expect((await refund(o.order_no, '自己退款', token)).body.code).toBe(10003);
    expect((await t.call('GET', '/api/v1/admin/order')).body.code).toBe(20003);
    expect((await me(token)).chips).toBeGreaterThanOrEqual(600);
  });
});
