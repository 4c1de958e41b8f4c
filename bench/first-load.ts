/**
 * The JavaScript a browser fetches to show a page for the first time (npm run bench:first-load): the production
 * build on a fresh embedded database, each page opened in Debian's Chromium with an empty cache, every script
 * response counted: raw bytes, the bytes as served (what crossed the wire: the build's brotli copy when the
 * server has one, docs/performance.md) and brotli at quality 11 (what it would weigh compressed, whatever the
 * server sends). Run it before and after a change that could grow the consumer app's first load (the operator
 * console must not: docs/admin.md). BENCH_BASE_URL measures a server already running instead (an older build).
 */
import { brotliCompressSync, constants } from 'node:zlib';
import { launchBrowser } from '../e2e/browser.js';
import { startServerProcess } from './lib.js';

const PAGES = (
  process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/bot/discover', '/bot/:id', '/admin']
).map((p) => (p.startsWith('/') ? p : `/${p}`));

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const brotli = (body: Buffer) =>
  brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

type Script = { raw: number; served: number; br: number };

async function homeAssistantId(url: string): Promise<string> {
  const home = (await (await fetch(`${url}/api/v1/bot/home`)).json()) as {
    data: { assistant: { id: string } };
  };
  return home.data.assistant.id;
}

const server = process.env.BENCH_BASE_URL
  ? { url: process.env.BENCH_BASE_URL.replace(/\/$/, ''), stop: async () => undefined }
  : await startServerProcess({});
const browser = await launchBrowser();
try {
  console.log(`first-load JavaScript, ${server.url}`);
  for (const name of PAGES) {
    // `/bot/:id`: the chat page of the home page's assistant (as bench/web.ts opens it).
    const path = name === '/bot/:id' ? `/bot/${await homeAssistantId(server.url)}` : name;
    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    const scripts = new Map<string, Script>();
    const pending: Promise<void>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script') return;
      pending.push(
        Promise.all([res.body(), res.request().sizes()]).then(
          ([body, sizes]) =>
            void scripts.set(new URL(res.url()).pathname, {
              raw: body.length,
              served: sizes.responseBodySize,
              br: brotli(body),
            }),
          () => undefined,
        ),
      );
    });
    await page.goto(server.url + path, { waitUntil: 'networkidle' });
    await Promise.all(pending);
    const sum = (k: keyof Script) => [...scripts.values()].reduce((n, s) => n + s[k], 0);
    console.log(
      `${name.padEnd(16)} ${String(scripts.size).padStart(3)} files  raw ${kb(sum('raw')).padStart(10)}  ` +
        `served ${kb(sum('served')).padStart(10)}  brotli ${kb(sum('br')).padStart(10)}`,
    );
    if (process.env.BENCH_VERBOSE) {
      for (const [name, s] of [...scripts].sort((a, b) => b[1].raw - a[1].raw)) {
        console.log(
          `    ${name.padEnd(50)} ${kb(s.raw).padStart(10)} ${kb(s.served).padStart(10)} ${kb(s.br).padStart(10)}`,
        );
      }
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
