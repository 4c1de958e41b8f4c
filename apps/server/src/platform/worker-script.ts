import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The first line of a bundle made here: the files it was made from. */
const INPUTS = '// inputs: ';

/**
 * The script of a worker thread. In production it is `dist/<name>.js`, next to the app's bundle (an entry of
 * build.mjs). When the app runs from its sources (tests, `npm run dev`), `source` is bundled with esbuild on
 * first use, as Node 20 cannot load TypeScript in a worker (`--import tsx` does not reach it); the bundle is
 * kept under the package's node_modules/.cache and made again once any of its own files changed.
 */
export async function workerScript(name: string, source: URL): Promise<URL> {
  if (!import.meta.url.endsWith('.ts')) return new URL(`./${name}.js`, import.meta.url);
  const packageDir = fileURLToPath(new URL('../..', import.meta.url));
  // Inside the package, so that the bundle finds the dependencies it leaves out.
  const dir = join(packageDir, 'node_modules/.cache/lingxi');
  const out = join(dir, `${name}.mjs`);
  if (!isFresh(out, packageDir)) {
    // esbuild is a dev dependency: present wherever the sources run.
    const { build } = await import('esbuild');
    const r = await build({
      entryPoints: [fileURLToPath(source)],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      write: false,
      metafile: true,
      absWorkingDir: packageDir,
    });
    const inputs = Object.keys(r.metafile.inputs).map((f) => join(packageDir, f));
    mkdirSync(dir, { recursive: true });
    // Test processes start together: each writes its own file and renames it into place.
    const mine = `${out}.${process.pid}`;
    writeFileSync(mine, `${INPUTS}${JSON.stringify(inputs)}\n${r.outputFiles[0]!.text}`);
    renameSync(mine, out);
  }
  return new URL(`file://${out}`);
}

/**
 * Whether the bundle exists and is newer than every file it was made from, all of them in this package (a
 * bundle copied or linked from another checkout names that checkout's files).
 */
function isFresh(out: string, packageDir: string) {
  try {
    const built = statSync(out).mtimeMs;
    const first = readFileSync(out, 'utf8').split('\n', 1)[0]!;
    if (!first.startsWith(INPUTS)) return false;
    const inputs = JSON.parse(first.slice(INPUTS.length)) as string[];
    return inputs.every((f) => f.startsWith(packageDir) && statSync(f).mtimeMs <= built);
  } catch {
    return false;
  }
}
