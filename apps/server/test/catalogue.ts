import type { Envelope } from '@lingxi/contract';
import { randomPhone, startTestApp, type TestApp } from './helpers.js';

export type Operator = Awaited<ReturnType<TestApp['login']>>;

/** The app on its socket with two operators (both phones in ADMIN_PHONES), for decisions made at once. */
export async function startDeskApp(env: Record<string, string> = {}) {
  const phones = [randomPhone(), randomPhone()];
  const t = await (await startTestApp({ env: { ADMIN_PHONES: phones.join(','), ...env } })).listen();
  const [admin, other] = [await t.login(phones[0]), await t.login(phones[1])];
  return { t, admin: admin!, other: other! };
}

/** The same call `n` times at once; the envelopes in order. */
export async function atOnce<T>(n: number, call: () => Promise<{ body: Envelope<T> }>) {
  return (await Promise.all(Array.from({ length: n }, call))).map((r) => r.body);
}

/** How many of the envelopes carry each code, e.g. `{ 0: 1, 10009: 49 }`. */
export const codesOf = (bodies: { code: number }[]) =>
  bodies.reduce<Record<number, number>>((n, b) => ({ ...n, [b.code]: (n[b.code] ?? 0) + 1 }), {});
