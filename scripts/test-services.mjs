// `npm run test:services`: the server suite on a real PostgreSQL (a fresh database per run) and Redis.
import pg from 'pg';
import { run } from './lib.mjs';

const admin = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redis = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const name = `lingxi_test_${Date.now()}_${process.pid}`;

const sql = async (query) => {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
};

await sql(`CREATE DATABASE ${name}`);
const url = new URL(admin);
url.pathname = `/${name}`;
console.log(`test:services on ${url.href} and ${redis}`);
let failed = false;
try {
  await run('npx', ['vitest', 'run', '--project', 'server'], {
    env: { ...process.env, DATABASE_URL: url.href, REDIS_URL: redis },
  });
} catch (err) {
  console.error(err.message);
  failed = true;
} finally {
  await sql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
process.exit(failed ? 1 : 0);
