// `npm start`: build what is missing or out of date, then serve the web app and the API in production mode.
import { mtime, newest, root, run } from './lib.mjs';

const contract = ['packages/contract/src'];
const webSources = [
  ...contract,
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
];
const serverSources = [...contract, 'apps/server/src', 'apps/server/build.mjs'];

if (newest(webSources) > mtime('apps/web/dist/index.html')) {
  console.log('Building the web app…');
  await run('npm', ['run', 'build', '-w', 'apps/web']);
}
if (newest(serverSources) > mtime('apps/server/dist/main.js')) {
  console.log('Building the server…');
  await run('npm', ['run', 'build', '-w', 'apps/server']);
}

process.env.NODE_ENV ??= 'production';
process.chdir(root);
await import('../apps/server/dist/main.js');
