import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client.js';
import { TEMPLATE_FILE } from '../../../test/paths.js';
import { claimSweepCycle } from './sweep-cycles.js';

/** Ten days: no cycle ends while a test runs. */
const LONG = 10 * 86_400_000;

describe('claiming a sweep cycle (docs/scaling.md, Sweeps)', () => {
  let database: Database;
  let other: Database;
  beforeAll(async () => {
    const open = () =>
      process.env.DATABASE_URL
        ? openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: '' })
        : openDatabase({ dataDir: '', template: new Blob([readFileSync(TEMPLATE_FILE)]) });
    database = await open();
    // On PostgreSQL a second pool, as a second process would have; PGlite has one process.
    other = process.env.DATABASE_URL ? await open() : database;
  });
  afterAll(async () => {
    if (other !== database) await other.close();
    await database.close();
  });

  it('gives a cycle to exactly one of many claimants, and only once', async () => {
    const name = `test.${randomUUID()}`;
    const claims = await Promise.all(
      Array.from({ length: 12 }, (_, i) => claimSweepCycle(i % 2 ? other : database, name, LONG)),
    );
    const won = claims.filter((c) => c !== null);
    expect(won).toHaveLength(1);
    expect(won[0]).toBe(Math.floor(Date.now() / LONG));
    expect(await claimSweepCycle(other, name, LONG)).toBeNull();
    expect(await claimSweepCycle(database, name, LONG)).toBeNull();
  });

  it('gives the next cycle again, and keeps sweeps apart', async () => {
    const name = `test.${randomUUID()}`;
    const first = await claimSweepCycle(database, name, 200);
    expect(first).not.toBeNull();
    expect(await claimSweepCycle(database, `${name}.other`, 200)).not.toBeNull();
    let next: number | null = null;
    for (let i = 0; i < 100 && next === null; i++) {
      await new Promise((r) => setTimeout(r, 50));
      next = await claimSweepCycle(other, name, 200);
    }
    expect(next).toBeGreaterThan(first!);
  });
});
