import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { posts } from '../../db/schema/community.js';

/**
 * The 推荐 rank (docs/community.md, Feeds): `log10(max(engagement, 1)) + created / 45000 s`. Engagement is
 * likes + 2 × comments + 2 × favourites; ten times the engagement is worth 12.5 hours of freshness. Computed
 * on every write that changes a count, in the same statement, so the feed is one indexed query.
 */
export const RANK_SECONDS = 45_000;
const EPOCH = Date.UTC(2026, 0, 1) / 1000;

export function postScore(likes: number, comments: number, favourites: number, createdAt: Date): number {
  const engagement = likes + 2 * comments + 2 * favourites;
  return Math.log10(Math.max(engagement, 1)) + (createdAt.getTime() / 1000 - EPOCH) / RANK_SECONDS;
}

/**
 * The same rank as SQL over the row's columns after an update's changes: use it as `score: scoreAfter(...)`
 * in the `set` of the update that changes a count, passing the new counts' expressions.
 */
export function scoreAfter(likes: SQL, comments: SQL, favourites: SQL): SQL<number> {
  return sql<number>`log(greatest(${likes} + 2 * (${comments}) + 2 * (${favourites}), 1)::double precision)
    + (extract(epoch from ${posts.createdAt}) - ${EPOCH}) / ${RANK_SECONDS}`;
}

/**
 * Descending as the community's indexes are built (drizzle writes them `desc nulls last`): a plain `desc` means
 * `nulls first` in PostgreSQL, an order those indexes cannot serve, and a list would sort the whole table.
 */
export const down = (column: AnyColumn) => sql`${column} desc nulls last`;
