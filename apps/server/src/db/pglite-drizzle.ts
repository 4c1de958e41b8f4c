import {
  type ParserOptions,
  types,
  type PGlite,
  type QueryOptions,
  type Transaction,
} from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { PreparedStatements } from './pglite-statements.js';

/** PGlite's extensions: pgvector for knowledge embeddings (its package pins this exact PGlite version). */
export const pgliteExtensions = { vector };

/** Drizzle reads these types as text and maps them itself; PGlite would parse them (into Dates …). */
const asText = (value: string) => value;
const DRIZZLE_PARSERS = {
  [types.TIMESTAMP]: asText,
  [types.TIMESTAMPTZ]: asText,
  [types.INTERVAL]: asText,
  [types.DATE]: asText,
  1231: asText, // numeric[]
  1115: asText, // timestamp[]
  1185: asText, // timestamptz[]
  1187: asText, // interval[]
  1182: asText, // date[]
};

/** Drizzle's parsers are the client's own (see {@link forDrizzle}): a query passes none. */
const withoutParsers = (options?: QueryOptions): QueryOptions => {
  const { parsers: _same, ...rest } = options ?? {};
  return rest;
};

/** `target` with its other members bound to it (PGlite keeps its state in private fields). */
function withQuery<T extends PGlite | Transaction>(target: T, overrides: Partial<T>): T {
  return new Proxy(target, {
    get(t, prop) {
      if (prop in overrides) return overrides[prop as keyof T];
      const value = Reflect.get(t, prop) as unknown;
      return typeof value === 'function' ? value.bind(t) : value;
    },
  });
}

/**
 * The PGlite client as drizzle should see it (in the database's worker thread, pglite-worker.ts; drizzle
 * itself runs on the app's thread and reaches it through pglite-remote.ts).
 *
 * Its queries run as named prepared statements ({@link PreparedStatements}), under the same locks as
 * PGlite's own `query`: outside a transaction they wait for any open one, inside one they are part of it.
 *
 * Drizzle passes the same parsers with every query, and PGlite merges per-query parsers into a fresh copy of
 * its table of ~300 (~0.2 ms of CPU per statement, as much as a primary-key select). So drizzle's parsers
 * become the client's own, once, and its queries go without: the same rows, without the copy. Raw queries
 * that want PGlite's own reading of these types (Dates …) pass `nativeParsers`, and pay for the copy.
 */
export function forDrizzle(pglite: PGlite): { client: PGlite; nativeParsers: ParserOptions } {
  const nativeParsers: ParserOptions = {};
  for (const oid of Object.keys(DRIZZLE_PARSERS).map(Number)) nativeParsers[oid] = pglite.parsers[oid]!;
  Object.assign(pglite.parsers, DRIZZLE_PARSERS);
  const statements = new PreparedStatements(pglite);
  const client = withQuery(pglite, {
    query: <T>(text: string, params?: unknown[], options?: QueryOptions) =>
      pglite._runExclusiveTransaction(() =>
        pglite.runExclusive(async () => {
          const result = await statements.query<T>(text, params, withoutParsers(options));
          await pglite.syncToFs();
          return result;
        }),
      ),
    transaction: <R>(fn: (tx: Transaction) => Promise<R>) =>
      pglite.transaction((tx) =>
        fn(
          withQuery(tx, {
            query: <T>(text: string, params?: unknown[], options?: QueryOptions) => {
              if (tx.closed) throw new Error('Transaction is closed');
              return pglite.runExclusive(() => statements.query<T>(text, params, withoutParsers(options)));
            },
          }),
        ),
      ),
  });
  return { client, nativeParsers };
}
