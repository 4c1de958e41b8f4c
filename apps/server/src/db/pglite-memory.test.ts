import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from './client.js';

/**
 * The embedded database's memory settings (docs/performance.md, Memory): a new data directory is made in a
 * thread of its own and then opened, shared_buffers is the configured size, and the thread reports its memory.
 */
describe.skipIf(!!process.env.DATABASE_URL)('the embedded database on disk, memory settings', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'lingxi-pglite-memory-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it(
    'creates a new database, keeps its rows across a restart, with the shared_buffers asked for',
    {
      timeout: 180_000,
    },
    async () => {
      const first = await openDatabase({ dataDir, pgliteSharedBuffers: '24MB' });
      try {
        await first.sql(`INSERT INTO settings (key, value) VALUES ('probe', '"灵犀"')`);
        expect((await first.sql('SHOW shared_buffers')).rows[0]).toEqual({ shared_buffers: '24MB' });
        const memory = await first.memory!();
        expect(memory.wasmMb).toBeGreaterThanOrEqual(128);
        expect(memory.heapUsedMb).toBeGreaterThan(0);
        expect(memory.heapTotalMb).toBeGreaterThanOrEqual(memory.heapUsedMb);
      } finally {
        await first.close();
      }

      // Reopened: the same rows (no second initdb over them), and the default size when none is given.
      const again = await openDatabase({ dataDir });
      try {
        const rows = await again.sql(`SELECT value FROM settings WHERE key = 'probe'`);
        expect(rows.rows).toEqual([{ value: '灵犀' }]);
        expect((await again.sql('SHOW shared_buffers')).rows[0]).toEqual({ shared_buffers: '128MB' });
      } finally {
        await again.close();
      }
    },
  );

  it('takes PGLITE_SHARED_BUFFERS in PostgreSQL size syntax, and refuses anything else at start', () => {
    expect(loadConfig({}).pgliteSharedBuffers).toBe('32MB');
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: '64MB' }).pgliteSharedBuffers).toBe('64MB');
    for (const bad of ['lots', '64', '64 MB', '1TB', '-1MB', "32MB' -c fsync=off"]) {
      expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: bad })).toThrow(ConfigError);
    }
  });
});
