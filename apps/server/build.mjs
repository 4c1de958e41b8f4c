// Bundles the server for production: our own code and the contract in one file, npm dependencies external.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@lingxi/'));

rmSync('dist', { recursive: true, force: true });
await build({
  // Worker threads load scripts of their own: the embedded database's and the document reader's.
  entryPoints: {
    main: 'src/main.ts',
    cli: 'src/cli.ts',
    'pglite-worker': 'src/db/pglite-worker.ts',
    'document-worker': 'src/modules/knowledge/text/document-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
console.log('server built: apps/server/dist');
