import { SETTING_CATALOGUE } from '@lingxi/contract';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Executor } from '../src/db/client.js';

/**
 * The ledger rule (docs/product.md, Money), checked for every user of the database: sum(chip ledger) = chips,
 * sum(earnings ledger) = available earnings, frozen = the open withdrawals, and no part below zero. Call it
 * after every wallet test.
 */
export async function expectLedgersBalance(db: Executor) {
  const { rows } = (await db.execute(sql`
    select u.id, u.chips, u.earnings, u.earnings_frozen, u.earnings_debt,
      coalesce((select sum(delta) from chip_ledger c where c.user_id = u.id), 0)::int as chip_sum,
      coalesce((select sum(delta) from earnings_ledger e where e.user_id = u.id), 0)::int as earnings_sum,
      coalesce((select sum(amount_fen) from withdrawals w
                where w.user_id = u.id and w.status in ('pending', 'approved')), 0)::int as open_withdrawals
    from users u`)) as unknown as {
    rows: {
      id: number;
      chips: number;
      earnings: number;
      earnings_frozen: number;
      earnings_debt: number;
      chip_sum: number;
      earnings_sum: number;
      open_withdrawals: number;
    }[];
  };
  const wrong = rows.filter(
    (r) =>
      Number(r.chips) !== Number(r.chip_sum) ||
      Number(r.earnings) !== Number(r.earnings_sum) ||
      Number(r.earnings_frozen) !== Number(r.open_withdrawals) ||
      r.chips < 0 ||
      r.earnings < 0 ||
      r.earnings_frozen < 0 ||
      r.earnings_debt < 0,
  );
  expect(wrong).toEqual([]);
}

/** Makes a user an operator (role admin). */
export async function makeAdmin(db: Executor, userId: number) {
  await db.execute(sql`update users set role = 'admin' where id = ${userId}`);
}

/**
 * Sets stored settings (as the operator console will) and makes the app read them again. A value the console
 * would refuse throws here: the app would ignore it for its default, and the test would test the default.
 */
export async function setSettings(
  db: Executor,
  settings: { forget(): void },
  values: Record<string, unknown>,
  o: { asStored?: boolean } = {},
) {
  // `asStored`: a test of how the app reads a value the console would refuse (an older or hand-edited row).
  for (const [key, value] of o.asStored ? [] : Object.entries(values)) {
    const entry = (
      SETTING_CATALOGUE as Record<string, { schema: { safeParse(v: unknown): { success: boolean } } }>
    )[key];
    if (entry && !entry.schema.safeParse(value).success) {
      throw new Error(`setSettings: ${key} = ${JSON.stringify(value)} is refused by its schema`);
    }
  }
  for (const [key, value] of Object.entries(values))
    await db.execute(
      sql`insert into settings (key, value) values (${key}, ${JSON.stringify(value)}::jsonb)
          on conflict (key) do update set value = excluded.value`,
    );
  settings.forget();
}
