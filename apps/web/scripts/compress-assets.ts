import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const br = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text the browser fetches; already-compressed formats (images, woff2) gain nothing. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|ttf|otf|eot|ico|wasm)$/;
/** Below this a compressed copy saves less than its header costs. */
const MIN_BYTES = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/** Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside each file worth it; a copy no smaller is not kept. */
export async function compressDir(dir: string): Promise<{ files: number; raw: number; brotli: number }> {
  const totals = { files: 0, raw: 0, brotli: 0 };
  for await (const path of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(path)) continue;
    const info = await stat(path);
    if (info.size < MIN_BYTES) continue;
    // The console's build runs after the app's into the same dist: a copy newer than its file is kept.
    const done = await stat(`${path}.br`).then(
      (s) => s.mtimeMs >= info.mtimeMs,
      () => false,
    );
    if (done) continue;
    const body = await readFile(path);
    const [b, g] = await Promise.all([
      br(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      }),
      gz(body, { level: 9 }),
    ]);
    if (b.length < body.length) await writeFile(`${path}.br`, b);
    if (g.length < body.length) await writeFile(`${path}.gz`, g);
    totals.files++;
    totals.raw += body.length;
    totals.brotli += Math.min(b.length, body.length);
  }
  return totals;
}

/**
 * The build's files compressed beside themselves, which the server sends by Accept-Encoding
 * (docs/performance.md, Serving the web app): brotli at its best costs seconds once here instead of on every
 * request.
 */
export function compressAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'lingxi-compress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const t = await compressDir(outDir);
      const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
      this.info(`compressed ${t.files} files: ${kb(t.raw)} → ${kb(t.brotli)} brotli`);
    },
  };
}
