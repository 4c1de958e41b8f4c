import { randomInt } from 'node:crypto';
import type { AdminDashboard, ChipRecord, DashboardDay, Page } from '@lingxi/contract';
import { and, gte, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBot } from '../../../test/bots.js';
import { fakeModels, newConversation, sendMessage } from '../../../test/chat.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fake-openai.js';
import { DAY, MINUTE, randomPhone, startTestApp, type TestApp } from '../../../test/helpers.js';
import { buy } from '../../../test/payments.js';
import { dailyStats } from '../../db/schema/admin.js';
import { chinaDay, ManualClock } from '../../platform/clock.js';
import { METRICS } from './dashboard.service.js';

const HOUR = 60 * MINUTE;
/** Figures kept per day. */
const M = METRICS.length;
/**
 * 10:00 China time of a random day between 2040 and 2090: days nothing else in the database happened on.
 */
const BASE = Date.parse('2040-01-01T10:00:00+08:00') + randomInt(0, 18_000) * DAY;

let t: TestApp;
let fake: FakeOpenAi;
let model: string;
let admin: { phone: string; token: string; user: { id: number } };
const clock = new ManualClock(BASE);
const day = (offset: number) => chinaDay(new Date(BASE + offset * DAY));

beforeAll(async () => {
  fake = await startFakeOpenAi();
  const m = fakeModels(fake, { 'dash-chat': { price: 7 } });
  model = m.ids['dash-chat']!;
  const adminPhone = randomPhone();
  t = await (await startTestApp({ clock, env: { ADMIN_PHONES: adminPhone, ...m.env } })).listen();
  admin = await t.login(adminPhone);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function dashboard(days?: number) {
  const path = `/api/v1/admin/dashboard${days ? `?days=${days}` : ''}`;
  const get = () => t.call<AdminDashboard>('GET', path, { token: admin.token });
  let res = await get();
  // The clock moves by days here, past an operator session's 12 idle hours: sign in again.
  if (res.body.code === 20005) {
    admin = await t.login(admin.phone);
    res = await get();
  }
  expect(res.body.code).toBe(0);
  return res.body.data;
}
const dayOf = (d: AdminDashboard, key: string) => d.days.find((x) => x.day === key)!;
const storedOf = (first: string, last: string) =>
  t.db
    .select()
    .from(dailyStats)
    .where(and(gte(dailyStats.day, first), lte(dailyStats.day, last)));

const zero = (key: string): DashboardDay => ({
  day: key,
  users_new: 0,
  dau: 0,
  conversations: 0,
  replies: 0,
  chips_spent: 0,
  revenue_fen: 0,
  orders: 0,
});

/** Chips a user was charged for replies, as their own chip records show. */
async function chatChips(token: string) {
  const res = await t.call<Page<ChipRecord>>('GET', '/api/v1/chip/record?limit=50', { token });
  return -res.body.data.list.filter((r) => r.reason === 'chat').reduce((n, r) => n + r.delta, 0);
}

describe('GET /admin/dashboard', () => {
  let day0: DashboardDay;

  it('counts each China day from what happened: signups, activity, chats, replies, chips, orders', async () => {
    // Day 0 (10:00 China time): the operator signed in above; a user signs up, chats twice and buys chips.
    const a = await t.login();
    const c = await newConversation(t, a.token);
    for (const content of ['你好', '再来一句']) {
      const reply = await sendMessage(t, a.token, c.id, { content, model_id: model });
      expect(reply.events.at(-1)!.event).toBe('done');
    }
    await newConversation(t, a.token);
    const order = await buy(t, a.token, 'chips', 'c600');
    expect(order.status).toBe('fulfilled');
    const spent = await chatChips(a.token);
    expect(spent).toBeGreaterThan(0);

    // Day 1: the user comes back (one request), another signs up; the operator opens the dashboard.
    clock.set(BASE + DAY);
    expect((await t.call('GET', '/api/v1/user', { token: a.token })).body.code).toBe(0);
    await t.call('GET', '/api/v1/user', { token: a.token });
    await t.login();
    const d = await dashboard(7);

    expect(d.days.map((x) => x.day)).toEqual([-5, -4, -3, -2, -1, 0, 1].map(day));
    day0 = {
      day: day(0),
      users_new: 2,
      dau: 2,
      conversations: 2,
      replies: 2,
      chips_spent: spent,
      revenue_fen: 600,
      orders: 1,
    };
    expect(dayOf(d, day(0))).toEqual(day0);
    // Today, live: the user who came back, the new one, and the operator reading this.
    expect(dayOf(d, day(1))).toEqual({ ...zero(day(1)), users_new: 1, dau: 3 });
    for (const x of [-5, -4, -3, -2, -1]) expect(dayOf(d, day(x))).toEqual(zero(day(x)));
    expect(d.at).toBe(new Date(BASE + DAY).toISOString());
    expect(d.users_total).toBe(3);
  });

  it('keeps finished days: a stored day is read, not counted again', async () => {
    const before = await storedOf(day(-5), day(0));
    expect(before).toHaveLength(6 * M);
    const computedAt = before.map((r) => r.computedAt.getTime());

    // Something lands on day 0 after it was kept (the clock set back: a late write): the kept figures stand.
    clock.set(BASE + 13 * HOUR);
    await t.login();
    clock.set(BASE + DAY + HOUR);
    const d = await dashboard(7);
    expect(dayOf(d, day(0))).toEqual(day0);
    const after = await storedOf(day(-5), day(0));
    expect(after.map((r) => r.computedAt.getTime()).sort()).toEqual(computedAt.sort());
    expect(after.find((r) => r.day === day(0) && r.metric === 'users_new')!.value).toBe(2);
  });

  it("counts today live: today's figures move as things happen", async () => {
    const first = dayOf(await dashboard(7), day(1));
    const b = await t.login();
    await newConversation(t, b.token);
    const second = dayOf(await dashboard(7), day(1));
    expect(second).toEqual({
      ...first,
      users_new: first.users_new + 1,
      dau: first.dau + 1,
      conversations: first.conversations + 1,
    });
  });

  it('counts the day just ended live for its first hour, then keeps it', async () => {
    // 00:30 on day 2: day 1 ended half an hour ago and is still counted, not kept.
    clock.set(BASE + 2 * DAY - 10 * HOUR + 30 * MINUTE);
    const early = await dashboard(7);
    expect(early.days.at(-1)!.day).toBe(day(2));
    expect(await storedOf(day(1), day(1))).toHaveLength(0);
    // 01:30: kept now, with the same figures.
    clock.set(BASE + 2 * DAY - 10 * HOUR + 90 * MINUTE);
    const later = await dashboard(7);
    expect(dayOf(later, day(1))).toEqual(dayOf(early, day(1)));
    expect(await storedOf(day(1), day(1))).toHaveLength(M);
  });

  it('answers 30 and 90 days, computing the missing days once under concurrent loads', async () => {
    const all = await Promise.all(Array.from({ length: 20 }, () => dashboard(90)));
    for (const d of all) expect(d).toEqual(all[0]);
    const d = all[0]!;
    expect(d.days).toHaveLength(90);
    expect(d.days.at(-1)!.day).toBe(day(2));
    expect(dayOf(d, day(0))).toEqual(day0);
    expect(await storedOf(day(-87), day(1))).toHaveLength(89 * M);
    expect((await dashboard(30)).days.map((x) => x.day)).toEqual(d.days.slice(60).map((x) => x.day));
  });

  it('keeps the last 90 finished days ready in the hourly sweep', async () => {
    clock.set(BASE + 40 * DAY);
    await t.modules.dashboard.storeFinishedDays();
    expect(await storedOf(day(-49), day(39))).toHaveLength(89 * M);
    expect(await storedOf(day(40), day(40))).toHaveLength(0);
  });

  it('gives the queues waiting now', async () => {
    const before = await dashboard(7);
    const creator = await t.login();
    await createBot(t, creator.token, { visibility: 'public' });
    await createBot(t, creator.token, { visibility: 'private' });
    const after = await dashboard(7);
    expect(after.pending).toEqual({ ...before.pending, bots: before.pending.bots + 1 });
    for (const n of Object.values(after.pending)) expect(n).toBeGreaterThanOrEqual(0);
  });

  it('carries the users in all on from the kept days by signups and deletions', async () => {
    const before = await dashboard(7);
    const a = await t.login();
    await t.login();
    expect((await dashboard(7)).users_total).toBe(before.users_total + 2);
    await t.call('POST', '/api/v1/user/deletion/code', { token: a.token });
    const code = t.codeFor(a.phone, 'delete_account');
    expect((await t.call('DELETE', '/api/v1/user', { token: a.token, body: { code } })).body.code).toBe(0);
    const today = await dashboard(7);
    expect(today.users_total).toBe(before.users_total + 1);
    expect(today.days.at(-1)!.users_new).toBe(before.days.at(-1)!.users_new + 2);
    // The next days carry it on from the kept day (with the late signup of day 0, which came after it was kept).
    clock.advance(3 * DAY);
    const later = await dashboard(30);
    expect(later.users_total).toBe(today.users_total);
    expect(later.users_total).toBe((await t.modules.account.userCountAt(clock.now())) - 1);
  });

  it('refuses a user who is not an operator, and anyone not logged in', async () => {
    const user = await t.login();
    const res = await t.call('GET', '/api/v1/admin/dashboard', { token: user.token });
    expect(res.body.code).toBe(10003);
    expect((await t.call('GET', '/api/v1/admin/dashboard')).body.code).toBe(20003);
  });

  it('refuses a range other than 7, 30 or 90 days with 10001', async () => {
    expect((await dashboard()).days).toHaveLength(7);
    for (const days of ['', '8', '0', '-7', 'abc', '7.5', '1e400', '99999999999999999999', '%00']) {
      const res = await t.call('GET', `/api/v1/admin/dashboard?days=${days}`, { token: admin.token });
      expect({ days, code: res.body.code }).toEqual({ days, code: 10001 });
    }
  });
});
