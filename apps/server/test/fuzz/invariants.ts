import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Executor } from '../../src/db/client.js';
import { expectLedgersBalance } from '../money.js';

const rowsOf = async <T>(db: Executor, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * What no request, however broken, may leave behind (docs/testing-suites.md, Fuzz): every ledger equals its
 * balance, held chips equal the open holds, no reply is left streaming once every answer has ended, and the
 * community's counters equal the rows they count.
 */
export async function expectNoHalfWrittenRecords(db: Executor) {
  await expectLedgersBalance(db);
  expect(
    await rowsOf(
      db,
      sql`select u.id, u.chips_held, coalesce(sum(h.amount), 0)::int as holds
          from users u left join chip_holds h on h.user_id = u.id
          group by u.id having u.chips_held <> coalesce(sum(h.amount), 0)`,
    ),
    'held chips equal the open holds',
  ).toEqual([]);
  expect(
    await rowsOf(db, sql`select id, conversation_id from messages where status = 'streaming'`),
    'no reply left streaming',
  ).toEqual([]);
  expect(
    await rowsOf(
      db,
      sql`select p.id from posts p
          where p.like_count <> (select count(*) from post_likes l where l.post_id = p.id)
             or p.favourite_count <> (select count(*) from post_favourites f where f.post_id = p.id)`,
    ),
    "posts' like and favourite counts equal their rows",
  ).toEqual([]);
  expect(
    await rowsOf(
      db,
      sql`select c.id from comments c
          where c.like_count <> (select count(*) from comment_likes l where l.comment_id = c.id)`,
    ),
    "comments' like counts equal their rows",
  ).toEqual([]);
}
