import type { Database } from '../../db/client.js';

/**
 * Claims the current cycle of a periodic sweep for this process (docs/scaling.md, Sweeps): a cycle is
 * `intervalMs` of database time (the one clock every process agrees on), and of any number of processes
 * asking in one cycle exactly one gets `true` (the row's lock orders them; the later ones find the cycle
 * taken). A row per sweep (table `sweep_cycles`, migration 0021), not a row per cycle: nothing to clean up.
 */
export async function claimSweepCycle(database: Database, name: string, intervalMs: number) {
  const { rows } = await database.sql(
    `INSERT INTO sweep_cycles AS s (name, cycle, claimed_at)
     VALUES ($1, floor(extract(epoch from clock_timestamp()) * 1000 / $2::numeric)::bigint, clock_timestamp())
     ON CONFLICT (name) DO UPDATE SET cycle = EXCLUDED.cycle, claimed_at = EXCLUDED.claimed_at
       WHERE s.cycle < EXCLUDED.cycle
     RETURNING cycle`,
    [name, intervalMs],
  );
  return rows.length ? Number(rows[0]!.cycle) : null;
}
