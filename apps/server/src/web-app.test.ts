import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/helpers.js';

/** The built web app: the consumer app's page for its routes, the console's page for /admin (docs/admin.md, Shape). */
describe('the web app and the console', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'lingxi-dist-'));
    writeFileSync(join(dist, 'index.html'), '<title>app</title>');
    writeFileSync(join(dist, 'admin.html'), '<title>console</title>');
    t = await (await startTestApp({ env: { WEB_DIST: dist } })).listen();
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (path: string) =>
    fetch(t.base + path).then(async (r) => ({ status: r.status, r, text: await r.text() }));

  it('serves the console for /admin and every path below it, never cached', async () => {
    for (const path of ['/admin', '/admin/', '/admin/users/12', '/admin/money/orders?status=paid']) {
      const res = await get(path);
      expect({ path, status: res.status, text: res.text }).toEqual({
        path,
        status: 200,
        text: '<title>console</title>',
      });
      expect(res.r.headers.get('cache-control')).toMatch(/no-cache|max-age=0/);
    }
  });

  it("serves the consumer app's page elsewhere, including paths that only start like the console's", async () => {
    for (const path of ['/', '/bot/discover', '/administrator', '/user/admin']) {
      const res = await get(path);
      expect({ path, text: res.text }).toEqual({ path, text: '<title>app</title>' });
    }
  });

  it('an unknown API path under /api/v1/admin is an envelope, not the page', async () => {
    const res = await get('/api/v1/admin/nothing-here');
    expect(res.status).toBe(404);
    expect(JSON.parse(res.text).code).not.toBe(0);
  });
});
