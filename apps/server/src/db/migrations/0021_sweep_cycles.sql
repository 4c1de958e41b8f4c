-- The last cycle of each periodic sweep claimed by a process (docs/scaling.md, Sweeps): several processes on
-- one database run a sweep once per cycle. Written by the job queue's raw SQL (platform/jobs), not Drizzle.
CREATE TABLE IF NOT EXISTS sweep_cycles (
  name text PRIMARY KEY,
  cycle bigint NOT NULL,
  claimed_at timestamptz NOT NULL DEFAULT now()
);
