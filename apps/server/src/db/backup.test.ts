import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createBot } from '../../test/bots.js';
import { openTestDatabase, startTestApp, type TestApp } from '../../test/helpers.js';
import { expectLedgersBalance } from '../../test/money.js';
import { backupEmbedded, BackupError, restoreEmbedded } from './backup.js';
import { openDatabase } from './client.js';

const onPostgres = !!process.env.DATABASE_URL;
const hasTool = (tool: string) => spawnSync(tool, ['--version']).status === 0;
const packageDir = new URL('../..', import.meta.url).pathname;

const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), `lingxi-${prefix}-`));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Two users with chips moved through the wallet (ledger rows) and a bot: what a backup must keep. */
async function seed(t: TestApp) {
  const alice = await t.login();
  const bob = await t.login();
  await createBot(t, alice.token, { name: '备份测试助手' });
  const grant = (userId: number, delta: number) =>
    t.modules.wallet.apply({ userId, delta, reason: 'admin', idempotencyKey: `test:backup:${randomUUID()}` });
  await grant(alice.user.id, 123);
  await grant(alice.user.id, -23);
  await grant(bob.user.id, 7);
  return [alice.token, bob.token];
}

/** What each user reads through the API: their profile and balance, chip records and bots. */
async function observe(t: TestApp, tokens: string[]) {
  const seen = [];
  for (const token of tokens) {
    const user = await t.call('GET', '/api/v1/user', { token });
    const records = await t.call('GET', '/api/v1/chip/record', { token });
    const bots = await t.call('GET', '/api/v1/bot/mine', { token });
    for (const r of [user, records, bots]) expect(r.body.code).toBe(0);
    seen.push({ user: user.body.data, records: records.body.data, bots: bots.body.data });
  }
  return seen;
}

describe.skipIf(onPostgres)('the embedded database: backup and restore', () => {
  it('restores into a fresh place the rows and balances the backup saw, and nothing after', async () => {
    const source = tempDir('source');
    await (await openTestDatabase(source)).close();
    const t = await startTestApp({ dataDir: source });
    await t.listen();
    const tokens = await seed(t);
    const before = await observe(t, tokens);
    expect(before[0]).toMatchObject({
      user: { chips: expect.any(Number) },
      bots: { list: [{ name: '备份测试助手' }] },
    });
    const file = join(tempDir('files'), 'lingxi.tar.gz');
    // The server holds the database: no backup of files in use.
    await expect(backupEmbedded(source, file)).rejects.toThrow(BackupError);
    await t.close();

    // Through the operators' command, as the docs say.
    const cli = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'backup', file], {
      cwd: packageDir,
      env: { ...process.env, DATA_DIR: source },
      encoding: 'utf8',
    });
    expect(cli.stderr).toContain('backup:');
    expect(cli.status).toBe(0);
    expect(existsSync(file)).toBe(true);

    // The source moves on after the backup.
    const later = await startTestApp({ dataDir: source });
    await later.modules.wallet.apply({
      userId: (before[0]!.user as { id: number }).id,
      delta: 1000,
      reason: 'admin',
      idempotencyKey: `test:backup:${randomUUID()}`,
    });
    await later.close();

    const target = tempDir('target');
    const restored = await restoreEmbedded(file, target);
    expect(restored.users).toBeGreaterThanOrEqual(2);
    const t2 = await startTestApp({ dataDir: target });
    await t2.listen();
    // The same sessions, balances, records and bots: what the backup saw, not the later grant.
    expect(await observe(t2, tokens)).toEqual(before);
    await expectLedgersBalance(t2.db);
    await t2.close();

    // A restore never overwrites a database unasked; asked, it keeps the old one aside.
    await expect(restoreEmbedded(file, target)).rejects.toThrow(/not empty/);
    const replaced = await restoreEmbedded(file, target, { replace: true });
    expect(replaced.keptAside && existsSync(join(replaced.keptAside, 'PG_VERSION'))).toBe(true);
  }, 180_000);

  it('refuses a file that is no backup and leaves the place as it was', async () => {
    const target = tempDir('bad');
    const file = join(target, 'not-a-backup.tar.gz');
    writeFileSync(file, 'not a tar');
    await expect(restoreEmbedded(file, target)).rejects.toThrow();
    expect(readdirSync(target)).toEqual(['not-a-backup.tar.gz']);
    await expect(backupEmbedded(tempDir('empty'), file)).rejects.toThrow(/no embedded database/);
  });
});

/** Without FORCE: the closed pool's connections may still be saying goodbye. */
async function dropDatabase(client: pg.Client, name: string) {
  for (let attempt = 0; ; attempt++) {
    try {
      await client.query(`DROP DATABASE IF EXISTS "${name}"`);
      return;
    } catch (err) {
      if (attempt >= 50 || !/being accessed by other users/.test((err as Error).message)) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

describe.skipIf(!onPostgres || !hasTool('pg_dump') || !hasTool('pg_restore'))(
  'PostgreSQL: pg_dump -Fc and pg_restore',
  () => {
    it('restores into a fresh database the same rows and balances', async () => {
      const t = await (await startTestApp()).listen();
      const tokens = await seed(t);
      const before = await observe(t, tokens);
      await t.close();

      const url = new URL(process.env.DATABASE_URL!);
      const file = join(tempDir('pgdump'), 'lingxi.dump');
      const dump = spawnSync('pg_dump', ['-Fc', '-f', file, url.href], { encoding: 'utf8' });
      expect(dump.stderr).toBe('');
      expect(dump.status).toBe(0);

      // A fresh database (its name starts as the run's copies do: the run's teardown drops it too).
      const fresh = new URL(url);
      fresh.pathname = `${url.pathname}r`;
      const admin = new URL(url);
      admin.pathname = '/postgres';
      const client = new pg.Client({ connectionString: admin.href });
      await client.connect();
      const name = fresh.pathname.slice(1);
      try {
        await client.query(`CREATE DATABASE "${name}"`);
        const restore = spawnSync('pg_restore', ['--no-owner', '--exit-on-error', '-d', fresh.href, file], {
          encoding: 'utf8',
        });
        expect(restore.stderr).toBe('');
        expect(restore.status).toBe(0);
        const t2 = await startTestApp({
          database: await openDatabase({ databaseUrl: fresh.href, dataDir: '' }),
        });
        await t2.listen();
        expect(await observe(t2, tokens)).toEqual(before);
        await expectLedgersBalance(t2.db);
        await t2.close();
      } finally {
        await dropDatabase(client, name);
        await client.end();
      }
    }, 120_000);
  },
);
