/**
 * The JavaScript a browser fetches to show a page for the first time (npm run bench:first-load): the production
 * build on a fresh embedded database, each page opened in Debian's Chromium with an empty cache, every script
 * response counted (raw bytes, and gzip at level 9 for what it would weigh compressed). Run it before and after a
 * change that could grow the consumer app's first load (the operator console must not: docs/admin.md).
 */
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startServerProcess } from './lib.js';

const PAGES = (process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/bot/discover', '/admin']).map(
  (p) => (p.startsWith('/') ? p : `/${p}`),
);

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

const server = await startServerProcess({});
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  console.log(`first-load JavaScript, ${server.url}`);
  for (const path of PAGES) {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    const scripts = new Map<string, { raw: number; gzip: number }>();
    const pending: Promise<void>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script') return;
      pending.push(
        res.body().then(
          (body) =>
            void scripts.set(new URL(res.url()).pathname, {
              raw: body.length,
              gzip: gzipSync(body, { level: 9 }).length,
            }),
          () => undefined,
        ),
      );
    });
    await page.goto(server.url + path, { waitUntil: 'networkidle' });
    await Promise.all(pending);
    const raw = [...scripts.values()].reduce((n, s) => n + s.raw, 0);
    const gzip = [...scripts.values()].reduce((n, s) => n + s.gzip, 0);
    console.log(
      `${path.padEnd(16)} ${String(scripts.size).padStart(3)} files  raw ${kb(raw).padStart(10)}  gzip ${kb(gzip).padStart(10)}`,
    );
    if (process.env.BENCH_VERBOSE) {
      for (const [name, s] of [...scripts].sort((a, b) => b[1].raw - a[1].raw)) {
        console.log(`    ${name.padEnd(50)} ${kb(s.raw).padStart(10)} ${kb(s.gzip).padStart(10)}`);
      }
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
