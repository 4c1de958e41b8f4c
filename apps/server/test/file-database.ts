import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * On PostgreSQL, each test file gets a database of its own, copied from the run's migrated database (its
 * template), and DATABASE_URL points there for the whole file: apps, server processes and job queues alike.
 * Files run in parallel, and sweeps (closing expired orders, monthly grants, settlements) act on every row of
 * their database: sharing one, a file's sweep would close another file's orders mid-test. The run's teardown
 * drops the copies (global-setup.ts).
 */
if (process.env.DATABASE_URL) {
  const run = new URL(process.env.DATABASE_URL);
  const template = run.pathname.slice(1);
  const name = `${template}_f${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new URL(run);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.href });
  await client.connect();
  try {
    // Copies of one template cannot start at the same moment ("being accessed by other users"): retry.
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
        break;
      } catch (err) {
        if (attempt >= 50 || !/being accessed by other users/.test((err as Error).message)) throw err;
        await new Promise((r) => setTimeout(r, 50 + Math.random() * 150));
      }
    }
  } finally {
    await client.end();
  }
  const file = new URL(run);
  file.pathname = `/${name}`;
  process.env.DATABASE_URL = file.href;
}
