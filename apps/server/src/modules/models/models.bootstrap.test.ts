import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fake-openai.js';
import { randomPhone, startTestApp } from '../../../test/helpers.js';
import { consoleOf } from '../../../test/models.js';

/*
 * A restart and the console (docs/admin.md, Models and prices): LLM_MODELS creates its models and keeps the ones
 * no operator edited in step with the environment; what an operator set (settings, enabled, order, default)
 * stays. On PostgreSQL the apps share the file's database; on PGlite a data directory on disk.
 */

let fake: FakeOpenAi;
let dataDir: string;
const admin = randomPhone();
const run = randomUUID().slice(0, 8);
const [a, b, c] = ['a', 'b', 'c'].map((x) => `boot-${x}-${run}`) as [string, string, string];

beforeAll(async () => {
  fake = await startFakeOpenAi();
  dataDir = mkdtempSync(join(tmpdir(), 'lingxi-models-'));
});
afterAll(async () => {
  await fake?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts the app with these LLM_* settings, runs `fn` with the console, and stops it. */
async function withApp(
  env: { models: string; key: string; default?: string },
  fn: (ops: ReturnType<typeof consoleOf>) => Promise<void>,
) {
  const t = await (
    await startTestApp({
      dataDir,
      env: {
        ADMIN_PHONES: admin,
        LLM_BASE_URL: fake.url,
        LLM_API_KEY: env.key,
        LLM_MODELS: env.models,
        LLM_DEFAULT_MODEL: env.default ?? '',
      },
    })
  ).listen();
  try {
    await fn(consoleOf(t, (await t.login(admin)).token));
  } finally {
    await t.close();
  }
}

describe('a restart', () => {
  it("keeps the operators' edits, and follows the environment where no operator edited", async () => {
    await withApp({ models: `${a}:甲:2,${b}:乙:3`, key: 'sk-env-key-one-1111', default: a }, async (ops) => {
      expect((await ops.list()).filter((m) => m.is_default).map((m) => m.id)).toEqual([a]);
      expect((await ops.call('PUT', `/${a}`, { chip_price: 7, name: '甲（运营改）' })).body.code).toBe(0);
      expect((await ops.call('PUT', `/${b}`, { enabled: false })).body.code).toBe(0);
      const ids = (await ops.list()).map((m) => m.id);
      const order = [b, ...ids.filter((id) => id !== b)];
      expect((await ops.call('PUT', '/order', { ids: order })).body.code).toBe(0);
      expect((await ops.call('POST', '/offline/default')).body.code).toBe(0);
      expect((await ops.call('PUT', '/offline', { chip_price: 4 })).body.code).toBe(0);
    });

    await withApp(
      { models: `${a}:甲:4,${b}:乙新:5`, key: 'sk-env-key-two-2222', default: a },
      async (ops) => {
        const list = await ops.list();
        const of = (id: string) => list.find((m) => m.id === id)!;
        // Edited by an operator: the console's now.
        expect(of(a)).toMatchObject({
          source: 'console',
          name: '甲（运营改）',
          chip_price: 7,
          api_key_masked: 'sk-****1111',
        });
        // Only disabled: still the environment's settings, and still disabled.
        expect(of(b)).toMatchObject({
          source: 'env',
          name: '乙新',
          chip_price: 5,
          api_key_masked: 'sk-****2222',
          enabled: false,
        });
        expect(list[0]!.id).toBe(b);
        expect(of('offline')).toMatchObject({ is_default: true, chip_price: 4, source: 'builtin' });
      },
    );
  });

  it('makes a model the default when LLM_DEFAULT_MODEL names it as it first appears', async () => {
    await withApp({ models: `${a}:甲:4,${c}:丙:1`, key: 'sk-env-key-two-2222', default: c }, async (ops) => {
      const list = await ops.list();
      expect(list.filter((m) => m.is_default).map((m) => m.id)).toEqual([c]);
      expect(list.find((m) => m.id === c)).toMatchObject({ source: 'env', enabled: true });
    });
  });
});
