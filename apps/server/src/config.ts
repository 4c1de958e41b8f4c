import { resolve } from 'node:path';
import { z } from 'zod';
import { type WechatConfig, WechatConfigError, wechatConfig, wechatEnv } from './config.wechat.js';

const list = z
  .string()
  .default('')
  .transform((s) =>
    s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  );

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .default('')
  .transform((v) => v === 'true' || v === '1');

/** Environment → typed config. Every variable has a default so the embedded mode needs none. */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** The embedded database's page cache (docs/performance.md, Memory): PostgreSQL's size syntax. */
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^\d+(kB|MB|GB)$/, 'a size such as 32MB')
    .default('32MB'),
  REDIS_URL: z.string().url().optional(),
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORS_ORIGINS: list,
  BODY_LIMIT: z.coerce.number().int().positive().default(1_048_576),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(300_000),
  PHONE_HASH_KEY: z.string().min(16, 'at least 16 characters').optional(),
  TRUST_PROXY: bool,
  METRICS_TOKEN: z.union([z.literal(''), z.string().min(16, 'at least 16 characters')]).optional(),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  WEB_DIST: z.string().optional(),
  SMS_PROVIDER: z.enum(['console', 'aliyun']).default('console'),
  SMS_ALIYUN_ACCESS_KEY_ID: z.string().default(''),
  SMS_ALIYUN_ACCESS_KEY_SECRET: z.string().default(''),
  SMS_ALIYUN_SIGN_NAME: z.string().default(''),
  SMS_ALIYUN_TEMPLATE_CODE: z.string().default(''),
  SMS_ALIYUN_ENDPOINT: z.string().url().default('https://dysmsapi.aliyuncs.com'),
  ADMIN_PHONES: list,
  DOWNLOAD_URL: z.string().default(''),
  LLM_BASE_URL: z.string().url().optional(),
  LLM_API_KEY: z.string().default(''),
  LLM_MODELS: z.string().default(''),
  LLM_DEFAULT_MODEL: z.string().default(''),
  LLM_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  OFFLINE_STREAM_DELAY_MS: z.coerce.number().int().min(0).max(1000).default(20),
  CHAT_RATE_PER_MINUTE: z.coerce.number().int().positive().default(20),
  POST_RATE_PER_10_MINUTES: z.coerce.number().int().positive().default(10),
  REPLY_LEASE_MS: z.coerce.number().int().min(300).max(600_000).default(15_000),
  EMBEDDING_MODEL: z.string().default(''),
  EMBEDDING_BASE_URL: z.string().url().optional(),
  EMBEDDING_API_KEY: z.string().optional(),
  JOBS_WORKER: z.enum(['true', 'false', '1', '0', '']).default('true'),
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
  JOBS_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  /** Every periodic sweep's cycle, instead of its own (tests of several processes; docs/scaling.md). */
  JOBS_SWEEP_EVERY_MS: z.coerce.number().int().min(100).optional(),
  JOBS_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,49}$/, 'a PostgreSQL schema name: lower-case letters, digits, _')
    .default('pgboss'),
  STORAGE_DRIVER: z.enum(['disk', 's3']).default('disk'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().default(''),
  S3_ACCESS_KEY_ID: z.string().default(''),
  S3_SECRET_ACCESS_KEY: z.string().default(''),
  S3_FORCE_PATH_STYLE: bool,
  S3_PUBLIC_URL: z.string().url().optional(),
  S3_UPLOAD_METHOD: z.enum(['post', 'put']).default('post'),
  ...wechatEnv,
  /** Unset: on unless WeChat Pay is configured (docs/money.md, Orders and payments). */
  PAY_SANDBOX: z.enum(['true', 'false', '1', '0', '']).default(''),
});

/** Every variable the server reads (deployment files are checked against it). */
export const configKeys = (): string[] => Object.keys(schema.shape);

/**
 * LLM_MODELS: comma-separated `upstream-id[:display name[:chip price[:context window[:vip]]]]`, e.g.
 * `deepseek-chat:DeepSeek V3:2:64000,deepseek-reasoner:DeepSeek R1:5:64000:vip`.
 */
export type ModelSpec = {
  upstreamModel: string;
  name: string;
  chipPrice: number;
  contextWindow: number;
  vipOnly: boolean;
};

export function parseModelSpecs(value: string): ModelSpec[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((spec) => {
      const [id, name, price, window, vip] = spec.split(':').map((p) => p.trim());
      const chipPrice = price ? Number(price) : 1;
      const contextWindow = window ? Number(window) : 32_000;
      if (!id || !Number.isInteger(chipPrice) || chipPrice < 0 || !Number.isInteger(contextWindow)) {
        throw new ConfigError(`LLM_MODELS: cannot read "${spec}" (upstream-id:name:price:context:vip)`);
      }
      return { upstreamModel: id, name: name || id, chipPrice, contextWindow, vipOnly: vip === 'vip' };
    });
}

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** The embedded database's shared_buffers (it holds them in memory for good once read). */
  pgliteSharedBuffers?: string;
  redisUrl?: string;
  publicUrl: string;
  /**
   * `cdn_base`, where the client loads the app's images: PUBLIC_URL when set, else empty, so images load from the
   * page's own origin whatever address it was opened at (a phone on the LAN, 127.0.0.1, a proxy).
   */
  cdnBase: string;
  logLevel: string;
  corsOrigins: string[];
  bodyLimit: number;
  /** How long a request (its headers and body, not the answer) may take to arrive. */
  requestTimeoutMs: number;
  /** The key of the deleted accounts' phone hashes; unset, one is derived from the server secret. */
  phoneHashKey?: string;
  trustProxy: boolean;
  /** /metrics: with it, a Bearer token from anywhere; without, private networks only (docs/deploy.md). */
  metricsToken?: string;
  /** On SIGTERM, how long /readyz and /healthz fail (and responses close their connections) before the server stops accepting (docs/scaling.md, Restarts). */
  shutdownDrainMs: number;
  webDist?: string;
  sms: {
    provider: 'console' | 'aliyun';
    aliyun: {
      accessKeyId: string;
      accessKeySecret: string;
      signName: string;
      templateCode: string;
      endpoint: string;
    };
  };
  adminPhones: string[];
  downloadUrl: string;
  llm: {
    baseUrl?: string;
    apiKey: string;
    models: ModelSpec[];
    defaultModel: string;
    timeoutMs: number;
    offlineDelayMs: number;
  };
  chatRatePerMinute: number;
  /** Posts a user may publish in any 10 minutes (docs/community.md, Posts). */
  postRatePer10Minutes: number;
  /**
   * How long a reply's process vouches for it (its claim on the conversation and its chip hold) before it
   * must renew; it renews every third of it. A reply whose process died is settled once this runs out.
   */
  replyLeaseMs: number;
  /** An OpenAI-compatible `/embeddings` model for knowledge retrieval; without one, retrieval is lexical. */
  embedding?: { model: string; baseUrl: string; apiKey: string };
  /** Background jobs (pg-boss): whether this process works them, how many at once, first retry's delay, and
   * the schema of their tables. */
  jobs: {
    worker: boolean;
    concurrency: number;
    retryDelaySeconds: number;
    schema: string;
    sweepEveryMs?: number;
  };
  storage: StorageConfig;
  /** WeChat Pay API v3, the OA web authorisation and the host mini-program (docs/money.md, WeChat Pay). */
  wechat: WechatConfig;
  /** The sandbox payment provider (moves no money): PAY_SANDBOX, or when unset, on without WeChat Pay. */
  paySandbox: boolean;
};

export type StorageConfig = {
  driver: 'disk' | 's3';
  s3: {
    endpoint?: string;
    region: string;
    bucket: string;
    accessKeyId: string;
    secretAccessKey: string;
    forcePathStyle: boolean;
    /** The bucket's address as browsers reach it: where direct uploads go. */
    publicUrl?: string;
    uploadMethod: 'post' | 'put';
  };
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const aliyun = [
    e.SMS_ALIYUN_ACCESS_KEY_ID,
    e.SMS_ALIYUN_ACCESS_KEY_SECRET,
    e.SMS_ALIYUN_SIGN_NAME,
    e.SMS_ALIYUN_TEMPLATE_CODE,
  ];
  if (e.SMS_PROVIDER === 'aliyun' && !aliyun.every(Boolean)) {
    throw new ConfigError(
      'SMS_PROVIDER=aliyun needs SMS_ALIYUN_ACCESS_KEY_ID, _SECRET, _SIGN_NAME and _TEMPLATE_CODE',
    );
  }
  if (e.STORAGE_DRIVER === 's3' && !e.S3_BUCKET) throw new ConfigError('STORAGE_DRIVER=s3 needs S3_BUCKET');
  const embeddingUrl = e.EMBEDDING_BASE_URL ?? e.LLM_BASE_URL;
  if (e.EMBEDDING_MODEL && !embeddingUrl) {
    throw new ConfigError('EMBEDDING_MODEL needs EMBEDDING_BASE_URL (or LLM_BASE_URL)');
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  let wechat: WechatConfig;
  try {
    wechat = wechatConfig(e, publicUrl);
  } catch (err) {
    throw err instanceof WechatConfigError ? new ConfigError(err.message) : err;
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    pgliteSharedBuffers: e.PGLITE_SHARED_BUFFERS,
    redisUrl: e.REDIS_URL,
    publicUrl,
    cdnBase: (e.PUBLIC_URL ?? '').replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    corsOrigins: e.CORS_ORIGINS,
    bodyLimit: e.BODY_LIMIT,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    phoneHashKey: e.PHONE_HASH_KEY || undefined,
    trustProxy: e.TRUST_PROXY,
    metricsToken: e.METRICS_TOKEN || undefined,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    webDist: e.WEB_DIST,
    sms: {
      provider: e.SMS_PROVIDER,
      aliyun: {
        accessKeyId: e.SMS_ALIYUN_ACCESS_KEY_ID,
        accessKeySecret: e.SMS_ALIYUN_ACCESS_KEY_SECRET,
        signName: e.SMS_ALIYUN_SIGN_NAME,
        templateCode: e.SMS_ALIYUN_TEMPLATE_CODE,
        endpoint: e.SMS_ALIYUN_ENDPOINT,
      },
    },
    adminPhones: e.ADMIN_PHONES,
    downloadUrl: e.DOWNLOAD_URL,
    llm: {
      baseUrl: e.LLM_BASE_URL,
      apiKey: e.LLM_API_KEY,
      models: e.LLM_BASE_URL ? parseModelSpecs(e.LLM_MODELS) : [],
      defaultModel: e.LLM_DEFAULT_MODEL,
      timeoutMs: e.LLM_TIMEOUT_MS,
      offlineDelayMs: e.OFFLINE_STREAM_DELAY_MS,
    },
    chatRatePerMinute: e.CHAT_RATE_PER_MINUTE,
    postRatePer10Minutes: e.POST_RATE_PER_10_MINUTES,
    replyLeaseMs: e.REPLY_LEASE_MS,
    embedding:
      e.EMBEDDING_MODEL && embeddingUrl
        ? {
            model: e.EMBEDDING_MODEL,
            baseUrl: embeddingUrl,
            apiKey: e.EMBEDDING_API_KEY ?? e.LLM_API_KEY,
          }
        : undefined,
    jobs: {
      worker: e.JOBS_WORKER !== 'false' && e.JOBS_WORKER !== '0',
      concurrency: e.JOBS_CONCURRENCY,
      retryDelaySeconds: e.JOBS_RETRY_DELAY_SECONDS,
      schema: e.JOBS_SCHEMA,
      sweepEveryMs: e.JOBS_SWEEP_EVERY_MS,
    },
    storage: {
      driver: e.STORAGE_DRIVER,
      s3: {
        endpoint: e.S3_ENDPOINT,
        region: e.S3_REGION,
        bucket: e.S3_BUCKET,
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
        publicUrl: e.S3_PUBLIC_URL?.replace(/\/$/, ''),
        uploadMethod: e.S3_UPLOAD_METHOD,
      },
    },
    wechat,
    paySandbox: e.PAY_SANDBOX ? e.PAY_SANDBOX === 'true' || e.PAY_SANDBOX === '1' : !wechat.pay,
  };
}
