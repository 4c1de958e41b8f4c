/**
 * npm run bench:dashboard — the console's dashboard at a million rows, on PostgreSQL (DATABASE_URL: the bench makes
 * a database of its own beside it, and drops it at the end unless BENCH_KEEP=1). The production bundle starts on
 * it (migrations, seed), then ~1,000,000 rows go into the dashboard's source tables with generate_series, spread
 * over the last 120 China days: users, user_active_days, conversations, messages, chip_ledger, orders. It prints
 * each per-day query's plan over 90 days (each must be an index range scan), then times GET /admin/dashboard as
 * an operator: cold (daily_stats emptied first, so the finished days are computed and stored) and warm, for 7,
 * 30 and 90 days.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { fmt, percentile, startServerProcess, type ServerProcess } from './lib.js';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const WARM_RUNS = Number(process.env.BENCH_WARM ?? 20);
const SPREAD_DAYS = 120;
const ROWS = {
  users: 200_000,
  activeDays: 200_000,
  conversations: 100_000,
  messages: 300_000,
  ledger: 150_000,
  orders: 50_000,
};
const n = (k: keyof typeof ROWS) => Math.round(ROWS[k] * SCALE);

const url = process.env.DATABASE_URL;
if (!url?.startsWith('postgres')) {
  console.error('bench:dashboard needs DATABASE_URL=postgres://… (it makes a database of its own beside it)');
  process.exit(1);
}

async function withClient<T>(connectionString: string, fn: (c: pg.Client) => Promise<T>) {
  const c = new pg.Client({ connectionString });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

const timed = async <T>(fn: () => Promise<T>) => {
  const started = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - started };
};

/** A spread instant of the last SPREAD_DAYS days for row `i` (a column expression over the series' `i`). */
const spreadAt = (i: string) =>
  `now() - (((${i}::bigint * 7919) % ${SPREAD_DAYS * 86_400}) * interval '1 second') - interval '1 minute'`;

async function seed(c: pg.Client) {
  const botId = (await c.query<{ id: string }>('select id from bots order by id limit 1')).rows[0]!.id;
  const steps: [string, string][] = [
    [
      'users',
      `insert into users (nickname, avatar, invite_code, status, created_at, updated_at, deleted_at)
       select '用户' || i, '/media/avatars/user/bench.svg', 'BENCH' || i,
              case when i % 50 = 0 then 'deleted' else 'active' end, ${spreadAt('i')}, now(),
              case when i % 50 = 0 then least(${spreadAt('i')} + interval '1 day', now()) end
       from generate_series(1, ${n('users')}) i`,
    ],
    [
      'user_active_days',
      `insert into user_active_days (day, user_id)
       select (now() at time zone 'Asia/Shanghai')::date - (i % ${SPREAD_DAYS}), u.first + (i / ${SPREAD_DAYS})
       from generate_series(0, ${n('activeDays')} - 1) i,
            (select min(id) as first from users where invite_code like 'BENCH%') u
       on conflict do nothing`,
    ],
    [
      'conversations',
      `insert into conversations (user_id, bot_id, title, created_at, updated_at)
       select u.first + (i % ${n('users')}), ${botId}, '会话', ${spreadAt('i')}, now()
       from generate_series(1, ${n('conversations')}) i,
            (select min(id) as first from users where invite_code like 'BENCH%') u`,
    ],
    [
      'messages',
      `insert into messages (conversation_id, user_id, role, content, status, chips, created_at)
       select c.first + (i / 3) % ${n('conversations')}, u.first + (i % ${n('users')}),
              case when i % 3 = 0 then 'user' else 'assistant' end, '你好',
              case when i % 50 = 0 then 'failed' else 'complete' end,
              case when i % 3 = 0 then 0 else 5 end, ${spreadAt('i')}
       from generate_series(1, ${n('messages')}) i,
            (select min(id) as first from conversations) c,
            (select min(id) as first from users where invite_code like 'BENCH%') u`,
    ],
    [
      'chip_ledger',
      `insert into chip_ledger (user_id, delta, balance_after, reason, idempotency_key, created_at)
       select u.first + (i % ${n('users')}), case when i % 10 = 0 then 100 else -5 end, 0,
              case when i % 10 = 0 then 'signup_bonus' else 'chat' end, 'bench:' || i, ${spreadAt('i')}
       from generate_series(1, ${n('ledger')}) i,
            (select min(id) as first from users where invite_code like 'BENCH%') u`,
    ],
    [
      'orders',
      `insert into orders (order_no, user_id, kind, item_id, title, amount_fen, chips, channel, provider, status,
                           idempotency_key, created_at, expires_at, paid_at, fulfilled_at)
       select 'BENCH' || i, u.first + (i % ${n('users')}), 'chips', 'c600', '600芯片', 600, 600, 'sandbox',
              'sandbox', case when i % 4 = 0 then 'closed' else 'fulfilled' end, 'bench-' || i,
              ${spreadAt('i')}, ${spreadAt('i')} + interval '15 minutes',
              case when i % 4 = 0 then null else ${spreadAt('i')} end,
              case when i % 4 = 0 then null else ${spreadAt('i')} end
       from generate_series(1, ${n('orders')}) i,
            (select min(id) as first from users where invite_code like 'BENCH%') u`,
    ],
  ];
  let total = 0;
  for (const [table, statement] of steps) {
    const { value, ms } = await timed(() => c.query(statement));
    total += value.rowCount ?? 0;
    console.log(`  ${table.padEnd(17)} ${String(value.rowCount).padStart(9)} rows  ${fmt(ms / 1000, 1)} s`);
  }
  const { ms } = await timed(() =>
    c.query('vacuum analyze users, user_active_days, conversations, messages, chip_ledger, orders'),
  );
  console.log(
    `  ${'in all'.padEnd(17)} ${String(total).padStart(9)} rows  (vacuum analyze ${fmt(ms / 1000, 1)} s)`,
  );
}

/**
 * The per-day statements the dashboard runs (the repositories' SQL, written out), over 90 days (a cold call
 * computing the kept days) and over today (every call): each plan's scan of its source table is printed.
 */
async function plans(c: pg.Client, days: number) {
  const day = (col: string) => `to_char((${col} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;
  const since = `date_trunc('day', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai' - interval '${days - 1} days'`;
  const range = (col: string) => `${col} >= ${since} and ${col} < now() + interval '1 day'`;
  const statements: [string, string][] = [
    ['signups', `select ${day('created_at')}, count(*) from users where ${range('created_at')} group by 1`],
    [
      'deletions',
      `select ${day('deleted_at')}, count(*) from users
       where deleted_at is not null and ${range('deleted_at')} group by 1`,
    ],
    [
      'active users',
      `select day, count(*) from user_active_days
       where day >= (now() at time zone 'Asia/Shanghai')::date - ${days - 1}
         and day <= (now() at time zone 'Asia/Shanghai')::date group by day`,
    ],
    [
      'conversations',
      `select ${day('created_at')}, count(*) from conversations where ${range('created_at')} group by 1`,
    ],
    [
      'replies',
      `select ${day('created_at')}, count(*) from messages
       where role = 'assistant' and status = 'complete' and ${range('created_at')} group by 1`,
    ],
    [
      'chips spent',
      `select ${day('created_at')}, -sum(delta) from chip_ledger
       where reason = 'chat' and ${range('created_at')} group by 1`,
    ],
    [
      'revenue',
      `select ${day('fulfilled_at')}, sum(amount_fen), count(*) from orders
       where fulfilled_at is not null and ${range('fulfilled_at')} group by 1`,
    ],
  ];
  if (days > 1) {
    statements.push([
      'users at start',
      `select count(*) from users where created_at < ${since} and (deleted_at is null or deleted_at >= ${since})`,
    ]);
  }
  for (const [name, statement] of statements) {
    const { rows } = await c.query<{ 'QUERY PLAN': string }>(`explain (analyze, costs off) ${statement}`);
    const lines = rows.map((r) => r['QUERY PLAN']);
    const scan = lines.find((l) => /Scan/.test(l))?.trim() ?? lines[0]!.trim();
    const time = lines.find((l) => l.startsWith('Execution Time'))?.replace('Execution Time: ', '') ?? '';
    console.log(`  ${name.padEnd(14)} ${time.padStart(11)}  ${scan.replace(/^->\s*/, '')}`);
  }
}

async function operatorToken(server: ServerProcess, phone: string) {
  const post = (path: string, body?: unknown) =>
    fetch(server.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then((r) => r.json() as Promise<{ code: number; msg: string; data: { token: string } }>);
  const sent = await post(`/api/v1/login/code/${phone}`);
  if (sent.code !== 0) throw new Error(sent.msg);
  const logged = await post('/api/v1/phone/login', { phone, code: await server.smsCode(phone) });
  if (logged.code !== 0) throw new Error(logged.msg);
  return logged.data.token;
}

async function main() {
  const base = new URL(url!);
  const name = `${base.pathname.slice(1) || 'postgres'}_bench_dashboard_${randomUUID().slice(0, 8)}`;
  const admin = new URL(base);
  admin.pathname = '/postgres';
  const target = new URL(base);
  target.pathname = `/${name}`;
  await withClient(admin.href, (c) => c.query(`create database "${name}"`));
  const phone = '13900000000';
  let server: ServerProcess | undefined;
  try {
    server = await startServerProcess({ DATABASE_URL: target.href, ADMIN_PHONES: phone });
    const token = await operatorToken(server, phone);
    console.log(`Seeding ${name} (spread over the last ${SPREAD_DAYS} days):`);
    await withClient(target.href, seed);
    for (const days of [90, 1]) {
      const what = days === 1 ? 'today (every call)' : `${days} days (a cold call)`;
      console.log(`\nPlans of the per-day statements over ${what}: execution time, source table scan`);
      await withClient(target.href, (c) => plans(c, days));
    }

    const call = async (days: number) => {
      const res = await fetch(`${server!.url}/api/v1/admin/dashboard?days=${days}`, { headers: { token } });
      const body = (await res.json()) as { code: number; msg: string; data: { days: unknown[] } };
      if (body.code !== 0) throw new Error(body.msg);
      return body.data;
    };
    console.log(`\nGET /api/v1/admin/dashboard (cold: daily_stats emptied first; warm: ${WARM_RUNS} calls):`);
    console.log('  days   cold ms   warm p50 ms   warm p95 ms');
    for (const days of [7, 30, 90]) {
      await withClient(target.href, (c) => c.query('truncate daily_stats'));
      const cold = await timed(() => call(days));
      if (cold.value.days.length !== days) throw new Error('wrong number of days');
      const warm: number[] = [];
      for (let i = 0; i < WARM_RUNS; i++) warm.push((await timed(() => call(days))).ms);
      console.log(
        `  ${String(days).padStart(4)} ${fmt(cold.ms, 1).padStart(9)} ${fmt(percentile(warm, 50), 1).padStart(13)} ${fmt(percentile(warm, 95), 1).padStart(13)}`,
      );
    }
  } finally {
    await server?.stop();
    if (process.env.BENCH_KEEP === '1') console.log(`\nKept database ${name}.`);
    else await withClient(admin.href, (c) => c.query(`drop database if exists "${name}" with (force)`));
  }
}

await main();
