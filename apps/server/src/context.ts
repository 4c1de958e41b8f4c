import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { Clock } from './platform/clock.js';
import type { JobQueue } from './platform/jobs/jobs.js';
import type { RateLimiter } from './platform/rate-limit.js';
import type { Redis } from './platform/redis.js';
import type { SmsProvider } from './platform/sms/sms.js';
import type { Storage } from './platform/storage/index.js';

/** What every service is built from: the platform, never another module's repository. */
export type AppContext = {
  config: Config;
  db: Db;
  clock: Clock;
  limiter: RateLimiter;
  /** Redis when REDIS_URL is set: state every server process shares (docs/architecture.md, Platform). */
  redis?: Redis;
  sms: SmsProvider;
  /** Uploaded files: disk under DATA_DIR or an S3-compatible bucket. */
  storage: Storage;
  log: FastifyBaseLogger;
  /** Background jobs (pg-boss) in the app's database: queues are defined by modules, started after them. */
  jobs: JobQueue;
  /** Server-side secret for keyed hashes (SMS codes). */
  secret: string;
  /** The database's change notifications (docs/scaling.md, Caches): see Database.listen. */
  listen?: Database['listen'];
  /** Which database: the embedded one is held by this process alone. */
  dbKind: Database['kind'];
};
