import { randomUUID } from 'node:crypto';
import type { ChipRecord, Envelope, Page, RedeemResult, UserInfo, Withdrawal } from '@lingxi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeModels, newConversation, sendMessage } from '../chat.js';
import { startFakeOpenAi, type FakeOpenAi } from '../fake-openai.js';
import { randomIp, startTestApp, type TestApp } from '../helpers.js';
import { expectLedgersBalance, setSettings } from '../money.js';
import { paidNotification, placeOrder, postNotification } from '../payments.js';
import { adminToken, makeBatch } from '../redeem.js';

/**
 * Money under load (docs/crash-and-money.md, Money under load): many users at once, over real HTTP, every
 * kind of money movement in flight together: replies that cost chips (some beyond the balance), payment
 * notifications (each 20× at once), redemption codes (one code, 50 users; one user, 50 codes) and
 * withdrawals (beyond the earnings, then approve, reject and paid racing). Afterwards: nothing credited
 * twice, no balance below zero, every ledger sums to its balance, every refusal an envelope in Chinese.
 */
const PRICE = 30;
const REPLIES_EACH = 4;
const NOTIFY_COPIES = 20;
const EARNINGS = 3000;
const WITHDRAW = 1000;

let fake: FakeOpenAi;
let model: string;
let t: TestApp;
let admin: string;
let bonus: number;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  const m = fakeModels(fake, { 'money-load': { price: PRICE } });
  model = m.ids['money-load']!;
  fake.script({ deltas: ['好', '的', '。'], deltaDelayMs: 20 }, model);
  t = await (await startTestApp({ env: { ...m.env, CHAT_RATE_PER_MINUTE: '1000' } })).listen();
  admin = await adminToken(t);
  bonus = (await t.call<{ signup_bonus: number }>('GET', '/api/v1/setting')).body.data.signup_bonus;
  // The failure limits would refuse some of one user's 50 codes at random; this suite is about exactly-once.
  await setSettings(t.db, t.modules.settings, {
    redeem_failures_per_user_hour: 1_000,
    redeem_failures_per_ip_hour: 10_000,
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

type User = Awaited<ReturnType<TestApp['login']>>;
type Answer<T = unknown> = { status: number; body: Envelope<T> };

/** Every refusal is an HTTP 200 envelope with a code and a message in Chinese, of the codes allowed. */
function expectRefusals(answers: Answer[], codes: number[]) {
  for (const a of answers.filter((x) => x.body.code !== 0)) {
    expect(a.status).toBe(200);
    expect(codes).toContain(a.body.code);
    expect(a.body.msg).toMatch(/\p{Script=Han}/u);
  }
}

async function chipsOf(token: string) {
  return (await t.call<UserInfo>('GET', '/api/v1/user', { token })).body.data.chips;
}

async function recordsOf(token: string) {
  const out: ChipRecord[] = [];
  let cursor = '';
  for (;;) {
    const q = `limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const r = await t.call<Page<ChipRecord>>('GET', `/api/v1/chip/record?${q}`, { token });
    out.push(...r.body.data.list);
    if (!r.body.data.next_cursor) return out;
    cursor = r.body.data.next_cursor;
  }
}

/** `n` users logged in, a few at a time. */
async function users(n: number) {
  const out: User[] = [];
  while (out.length < n)
    out.push(...(await Promise.all(Array.from({ length: Math.min(10, n - out.length) }, () => t.login()))));
  return out;
}

/** Each user sends REPLIES_EACH replies at once, each on its own conversation. */
async function replies(u: User) {
  const conversations = await Promise.all(
    Array.from({ length: REPLIES_EACH }, () => newConversation(t, u.token)),
  );
  const results = await Promise.all(
    conversations.map((c) => sendMessage(t, u.token, c.id, { content: '你好', model_id: model })),
  );
  const done = results.filter((r) => r.events.at(-1)?.event === 'done');
  const refused = results.filter((r) => r.envelope);
  expect(done.length + refused.length).toBe(REPLIES_EACH);
  expectRefusals(
    refused.map((r) => ({ status: r.status, body: r.envelope! })),
    [30001],
  );
  return done.reduce((sum, r) => sum + r.events.at(-1)!.data.chips_charged!, 0);
}

/** Two orders, each paid by one notification posted NOTIFY_COPIES times at once; answers the chips given. */
async function payments(u: User, packageId: string, packageChips: number) {
  const orders = await Promise.all(
    [1, 2].map(async () => {
      const created = await placeOrder(t, u.token, { kind: 'chips', item_id: packageId });
      expect(created.body.code).toBe(0);
      return created.body.data;
    }),
  );
  const answers = await Promise.all(
    orders.flatMap((o) => {
      const n = paidNotification(t, o.order_no, o.amount_fen);
      return Array.from({ length: NOTIFY_COPIES }, () => postNotification(t, n));
    }),
  );
  expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
  return orders.length * packageChips;
}

/** A user with EARNINGS asks for 5 × WITHDRAW at once; then each request is approved, rejected and paid at once. */
async function withdrawals(u: User) {
  await t.modules.wallet.earnings.apply({
    userId: u.user.id,
    delta: EARNINGS,
    reason: 'commission',
    idempotencyKey: `load:${randomUUID()}`,
  });
  const asked = await Promise.all(
    Array.from({ length: 5 }, () =>
      t.call<Withdrawal>('POST', '/api/v1/withdrawal', {
        token: u.token,
        headers: { 'idempotency-key': randomUUID() },
        body: { amount_fen: WITHDRAW, channel: 'wechat', account: '13812345678', real_name: '张三' },
      }),
    ),
  );
  const made = asked.filter((a) => a.body.code === 0).map((a) => a.body.data);
  expect(made).toHaveLength(EARNINGS / WITHDRAW);
  expectRefusals(asked, [10009]);
  for (const a of asked.filter((x) => x.body.code !== 0)) expect(a.body.msg).toBe('可提现收益不足');

  const act = (id: number, action: string, body?: unknown) =>
    t.call('POST', `/api/v1/admin/withdrawal/${id}/${action}`, { token: admin, body });
  let kept = 0;
  let paidOut = 0;
  for (const w of made) {
    const [a1, a2, r1, r2, p] = await Promise.all([
      act(w.id, 'approve'),
      act(w.id, 'approve'),
      act(w.id, 'reject', { reason: '信息有误' }),
      act(w.id, 'reject', { reason: '信息有误' }),
      act(w.id, 'paid', { reference: `REF${w.id}` }),
    ]);
    const all = [a1, a2, r1, r2, p];
    expectRefusals(all, [10009]);
    const won = (xs: Answer[]) => xs.filter((x) => x.body.code === 0).length;
    const approvals = won([a1, a2]);
    const rejections = won([r1, r2]);
    const paid = won([p]);
    expect(approvals).toBeLessThanOrEqual(1);
    expect(rejections).toBeLessThanOrEqual(1);
    expect(rejections + approvals).toBeGreaterThanOrEqual(1);
    // Paid needs approved first and rules out a rejection; a rejection ends it.
    if (paid) expect([approvals, rejections]).toEqual([1, 0]);
    const list = (await t.call<Page<Withdrawal>>('GET', '/api/v1/withdrawal', { token: u.token })).body.data
      .list;
    const status = list.find((x) => x.id === w.id)!.status;
    expect(status).toBe(rejections ? 'rejected' : paid ? 'paid' : 'approved');
    if (!rejections) kept += w.amount_fen;
    if (paid) paidOut += w.amount_fen;
  }
  // Rejected requests came back once; approved ones stay frozen; paid ones left.
  expect(await t.modules.wallet.earnings.balances(u.user.id)).toEqual({
    earnings: EARNINGS - kept,
    frozen: kept - paidOut,
    debt: 0,
  });
}

const redeem = (token: string, code: string) =>
  t.call<RedeemResult>('POST', '/api/v1/redeem', { token, ip: randomIp(), body: { code } });

describe('money under load: many users, every kind of movement at once', () => {
  it('credits nothing twice, lets no balance below zero, keeps every ledger, refuses in envelopes', async () => {
    const plans = (await t.call<{ packages: { id: string; chips: number }[] }>('GET', '/api/v1/member/plans'))
      .body.data;
    const pkg = plans.packages[0]!;
    const single = (await makeBatch(t, admin, { value: 50, quantity: 1 })).codes[0]!;
    const batches = await Promise.all(
      Array.from({ length: 5 }, () => makeBatch(t, admin, { value: 10, quantity: 10 })),
    );
    const fifty = batches.flatMap((b) => b.codes);

    const pool = await users(60);
    const spenders = pool.slice(0, 10); // replies only: some beyond their balance
    const payers = pool.slice(10, 18); // replies while their top-ups arrive
    const earners = pool.slice(18, 28); // withdrawals
    const collector = pool[28]!; // one user, 50 codes
    const crowd = pool.slice(10); // 50 users, one code

    const expected = new Map(pool.map((u) => [u.user.id, bonus]));
    const add = (u: User, n: number) => expected.set(u.user.id, expected.get(u.user.id)! + n);

    const crowdAnswers: Answer<RedeemResult>[] = [];
    const collectorAnswers: Answer<RedeemResult>[] = [];
    await Promise.all([
      ...spenders.map(async (u) => add(u, -(await replies(u)))),
      ...payers.map(async (u) => {
        const [spent, got] = await Promise.all([replies(u), payments(u, pkg.id, pkg.chips)]);
        add(u, got - spent);
      }),
      ...earners.map((u) => withdrawals(u)),
      ...crowd.map(async (u) => crowdAnswers.push(await redeem(u.token, single))),
      ...fifty.map(async (code) => collectorAnswers.push(await redeem(collector.token, code))),
    ]);

    // One code, 50 users: one credit. One user, 50 codes of 5 batches: one per batch.
    const crowdWins = crowdAnswers.filter((a) => a.body.code === 0);
    expect(crowdWins).toHaveLength(1);
    expectRefusals(crowdAnswers, [10009]);
    expect(collectorAnswers.filter((a) => a.body.code === 0)).toHaveLength(batches.length);
    expectRefusals(collectorAnswers, [10009]);
    add(collector, 10 * batches.length);

    // Spenders: 100 chips at 30 a reply is 3 replies of 4, whatever the order they arrived in.
    for (const u of spenders) expect(expected.get(u.user.id)).toBe(bonus - Math.floor(bonus / PRICE) * PRICE);

    // Every balance is what was acknowledged, to the chip, and the records say the same.
    const winners = new Set<number>();
    for (const u of crowd) {
      const chips = await chipsOf(u.token);
      const want = expected.get(u.user.id)!;
      if (chips === want + 50) winners.add(u.user.id);
      else expect(chips).toBe(want);
    }
    expect(winners.size).toBe(1);
    for (const u of spenders) expect(await chipsOf(u.token)).toBe(expected.get(u.user.id));
    for (const u of payers) {
      const records = await recordsOf(u.token);
      expect(records.filter((r) => r.reason === 'top_up')).toHaveLength(2);
      expect(Math.min(...records.map((r) => r.balance_after))).toBeGreaterThanOrEqual(0);
    }
    await expectLedgersBalance(t.db);
  }, 120_000);
});

describe('money under load: refunds, deductions and the close sweep against spending and payments', () => {
  it('refunds each order once while its owner spends and its notification is replayed; never below zero', async () => {
    const plans = (await t.call<{ packages: { id: string; chips: number }[] }>('GET', '/api/v1/member/plans'))
      .body.data;
    const pkg = plans.packages[0]!;
    const pool = await users(8);
    const answers: Answer[] = [];
    const replayed: Answer[] = [];
    const orders = await Promise.all(
      pool.map(async (u) => {
        const o = (await placeOrder(t, u.token, { kind: 'chips', item_id: pkg.id })).body.data;
        const n = paidNotification(t, o.order_no, o.amount_fen);
        expect((await postNotification(t, n)).status).toBe(200);
        return { u, no: o.order_no, n };
      }),
    );
    await Promise.all(
      orders.map(async ({ u, no, n }) => {
        const refund = () =>
          t.call('POST', `/api/v1/admin/order/${no}/refund`, {
            token: admin,
            body: { reason: '用户申请退款' },
          });
        const deduct = () => {
          const key = randomUUID();
          return t.call('POST', `/api/v1/admin/user/${u.user.id}/chips`, {
            token: admin,
            headers: { 'idempotency-key': key },
            body: { delta: -bonus, reason: '测试扣减', idempotency_key: key },
          });
        };
        const [refunds, deductions] = await Promise.all([
          Promise.all([refund(), refund(), refund()]),
          Promise.all([deduct(), deduct()]),
          replies(u),
          Promise.all(Array.from({ length: 10 }, () => postNotification(t, n))).then((r) =>
            replayed.push(...r),
          ),
        ]);
        expect(refunds.filter((r) => r.body.code === 0)).toHaveLength(1);
        answers.push(...refunds, ...deductions);
      }),
    );
    expectRefusals(answers, [10009, 30001]);
    expect(replayed.map((a) => a.status)).toEqual(replayed.map(() => 200));
    for (const { u, no } of orders) {
      const order = (await t.call<{ status: string }>('GET', `/api/v1/order/${no}`, { token: u.token })).body
        .data;
      expect(order.status).toBe('refunded');
      const records = await recordsOf(u.token);
      expect(records.filter((r) => r.reason === 'top_up')).toHaveLength(1);
      expect(records.filter((r) => r.reason === 'refund').length).toBeLessThanOrEqual(1);
      expect(Math.min(...records.map((r) => r.balance_after))).toBeGreaterThanOrEqual(0);
      expect(await chipsOf(u.token)).toBe(records[0]!.balance_after);
    }
    await expectLedgersBalance(t.db);
  }, 60_000);

  it('fulfils once the expired orders paid while the sweep closes them, and closes the rest', async () => {
    const pool = await users(8);
    const orders = await Promise.all(
      pool.flatMap((u) =>
        [true, false].map(async (pay) => ({
          u,
          pay,
          o: (await placeOrder(t, u.token, { kind: 'chips', item_id: 'c600' })).body.data,
        })),
      ),
    );
    t.clock.advance(31 * 60_000);
    const paid = orders.filter((x) => x.pay);
    const [, answers] = await Promise.all([
      Promise.all([1, 2, 3].map(() => t.modules.payments.closeExpired())),
      Promise.all(
        paid.flatMap(({ o }) => {
          const n = paidNotification(t, o.order_no, o.amount_fen);
          return Array.from({ length: NOTIFY_COPIES }, () => postNotification(t, n));
        }),
      ),
    ]);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    for (const { u, pay, o } of orders) {
      const got = (await t.call<{ status: string }>('GET', `/api/v1/order/${o.order_no}`, { token: u.token }))
        .body.data;
      expect(got.status).toBe(pay ? 'fulfilled' : 'closed');
    }
    for (const u of pool) {
      const records = await recordsOf(u.token);
      expect(records.filter((r) => r.reason === 'top_up')).toHaveLength(1);
    }
    await expectLedgersBalance(t.db);
  }, 60_000);
});
