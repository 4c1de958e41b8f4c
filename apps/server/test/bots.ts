import type { BotInput, MyBot, ReviewDecisionBody } from '@lingxi/contract';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema/account.js';
import { randomPhone, startTestApp, type TestApp } from './helpers.js';

let seq = 0;

/** A valid bot form; each call a new name. */
export function botForm(o: Partial<BotInput> = {}): BotInput {
  seq++;
  return {
    name: `测试助手${seq}`,
    avatar: `/media/avatars/bot/test-${seq}.svg`,
    intro: '一个用于测试的智能体',
    category: 'writing',
    tags: ['测试'],
    persona: `你是测试助手${seq}号，回答简洁、友好、准确。`,
    greeting: '你好，我是测试助手。',
    questions: ['你能做什么？'],
    temperature: 0.7,
    visibility: 'private',
    ...o,
  };
}

/** The app with one operator: the phone is in ADMIN_PHONES, so logging in makes them an admin. */
export async function startCreationApp(env: Record<string, string> = {}) {
  const adminPhone = randomPhone();
  const t = await (await startTestApp({ env: { ADMIN_PHONES: adminPhone, ...env } })).listen();
  const admin = await t.login(adminPhone);
  return { t, admin };
}

export async function createBot(t: TestApp, token: string, o: Partial<BotInput> = {}) {
  const res = await t.call<MyBot>('POST', '/api/v1/bot', { token, body: botForm(o) });
  if (res.body.code !== 0) throw new Error(`bot refused: ${res.body.msg}`);
  return res.body.data;
}

export function decide(t: TestApp, token: string, botId: number, body: ReviewDecisionBody) {
  return t.call<MyBot>('POST', `/api/v1/admin/review/bot/${botId}`, { token, body });
}

/** A bot that passed review: created public, then approved. */
export async function publishedBot(t: TestApp, token: string, adminToken: string, o: Partial<BotInput> = {}) {
  const bot = await createBot(t, token, { ...o, visibility: 'public' });
  const res = await decide(t, adminToken, bot.id, { decision: 'approve' });
  if (res.body.code !== 0) throw new Error(`approval refused: ${res.body.msg}`);
  return res.body.data;
}

export async function makeVip(t: TestApp, userId: number, days = 30) {
  const until = new Date(t.clock.now().getTime() + days * 86_400_000);
  await t.db.update(users).set({ vipExpiresAt: until }).where(eq(users.id, userId));
}
