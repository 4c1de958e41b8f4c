import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { APP_VERSION, ErrorCode, ErrorMessage, QUERY_LIMITS } from '@lingxi/contract';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import qs from 'qs';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { type Database, openDatabase } from './db/client.js';
import { type Clock, systemClock } from './platform/clock.js';
import { registerAuth } from './platform/http/auth.js';
import { registerCompression } from './platform/http/compression.js';
import { answerClientError, answerFrameworkError } from './platform/http/client-errors.js';
import { fail } from './platform/http/envelope.js';
import { registerErrorHandling } from './platform/http/error-handler.js';
import { registerHealth } from './platform/http/health.js';
import { registerMetrics } from './platform/http/metrics-route.js';
import { registerBarrier } from './platform/http/barrier.js';
import { registerNoStore } from './platform/http/no-store.js';
import { registerRequestContext } from './platform/http/request-context.js';
import { RequestLog } from './platform/http/request-log.js';
import { registerTextGuard } from './platform/http/text-guard.js';
import { webStaticOptions } from './platform/http/web-static.js';
import { configureZodMessages } from './platform/http/zod-setup.js';
import { JobQueue } from './platform/jobs/jobs.js';
import { Metrics } from './platform/metrics.js';
import { MemoryRateLimiter, type RateLimiter, RedisRateLimiter } from './platform/rate-limit.js';
import { connectRedis, type Redis } from './platform/redis.js';
import { createSmsProvider, type SmsProvider } from './platform/sms/sms.js';
import { createStorage, type Storage } from './platform/storage/index.js';
import { installMemoryReport } from './platform/memory-report.js';
import { type LlmProvider, LlmRouter } from './platform/llm/index.js';
import { createModules, type Modules, registerModuleRoutes } from './modules/index.js';
import { mediaNotFound, mediaRoutes } from './modules/media/media.routes.js';
import { SettingsService } from './modules/settings/settings.service.js';

const originsOf = (...urls: (string | undefined)[]) =>
  urls.filter((u): u is string => !!u).map((u) => new URL(u).origin);

declare module 'fastify' {
  interface FastifyInstance {
    /** The services, for tests and tools (sweeps called directly, money set up); routes get theirs as options. */
    modules: Modules;
  }
}

/** Seams for tests and tools: anything not given is built from the config. */
export type AppOverrides = {
  clock?: Clock;
  database?: Database;
  limiter?: RateLimiter;
  sms?: SmsProvider;
  logger?: FastifyServerOptions['loggerInstance'];
  llm?: LlmProvider;
  storage?: Storage;
  /**
   * Called when the app cannot go on: the embedded database's thread died, and every statement fails from
   * then on. main.ts exits, so that whatever supervises the process starts it again.
   */
  onFatal?: (err: Error) => void;
};

export async function buildApp(config: Config, overrides: AppOverrides = {}) {
  configureZodMessages();
  const app = Fastify({
    ...(overrides.logger
      ? { loggerInstance: overrides.logger }
      : {
          logger: {
            level: config.logLevel,
            redact: ['req.headers.token', 'req.headers.authorization'],
            // Readable logs for a developer at a terminal; JSON lines everywhere else.
            ...(config.env === 'development' && process.stdout.isTTY
              ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } } }
              : {}),
          },
        }),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: config.trustProxy,
    logController: new RequestLog(),
    bodyLimit: config.bodyLimit,
    // Node's own default (300 s), which Fastify turns off: a body that never arrives in full (shorter than its
    // Content-Length) is answered 408 instead of holding its connection forever. Node enforces it only with
    // headersTimeout no longer than it; checked a few times per timeout rather than every 30 s.
    requestTimeout: config.requestTimeoutMs,
    http: {
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
      connectionsCheckingInterval: Math.min(30_000, Math.ceil(config.requestTimeoutMs / 4)),
    },
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
    routerOptions: { querystringParser: (s) => qs.parse(s, { ...QUERY_LIMITS }) },
  });
  // An empty body sent as JSON is no body (clients send the header on every call); anything else is parsed
  // by Fastify's own JSON parser, with its prototype-poisoning protection.
  const json = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) =>
    body === '' ? done(null, undefined) : json(req, body as string, done),
  );
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  await registerRequestContext(app);
  // Graceful shutdown: a request in flight finishes, and its keep-alive connection closes with it, so close()
  // does not wait out the client's keep-alive (72 s) before the database is closed.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_req, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  // External plugins.
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Images come through cdn_base (PUBLIC_URL) and, with S3, from the bucket's public address.
        imgSrc: [
          "'self'",
          'data:',
          'blob:',
          'https:',
          ...originsOf(config.publicUrl, config.storage.s3.publicUrl),
        ],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        // /mini-web-view frames https pages; which hosts is the app's allow-list (docs/platforms.md, Pages).
        frameSrc: ["'self'", 'https:'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await registerCompression(app);
  await app.register(cors, {
    origin: config.corsOrigins.length ? config.corsOrigins : false,
    allowedHeaders: ['content-type', 'token', 'x-request-id', 'sign', 'idempotency-key'],
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
  });
  await app.register(swagger, {
    openapi: {
      info: { title: '灵犀 API', version: APP_VERSION },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } } },
    },
    transform: jsonSchemaTransform,
  });

  // The platform.
  const database =
    overrides.database ??
    (await openDatabase({
      ...config,
      onListenerError: (err) => app.log.warn({ err }, 'database listener lost: caches dropped, reconnecting'),
    }));
  database.onLost?.((err) => {
    app.log.fatal({ err }, 'the embedded database thread exited; the server must be restarted');
    overrides.onFatal?.(err);
  });
  let redis: Redis | undefined;
  const clock = overrides.clock ?? systemClock;
  if (config.redisUrl) redis = await connectRedis(config.redisUrl);
  const limiter =
    overrides.limiter ?? (redis ? new RedisRateLimiter(redis, clock) : new MemoryRateLimiter(clock));
  const settings = new SettingsService(database.db, config);
  const { secret } = await settings.bootstrap();
  const metrics = new Metrics();
  const ctx: AppContext = {
    config,
    db: database.db,
    clock,
    limiter,
    redis,
    sms: overrides.sms ?? createSmsProvider(config, app.log),
    storage: overrides.storage ?? createStorage(config),
    log: app.log,
    jobs: new JobQueue(database, { ...config.jobs, log: app.log, metrics }),
    secret,
    listen: database.listen,
    dbKind: database.kind,
  };

  registerMetrics(app, metrics, { database, jobs: ctx.jobs, token: config.metricsToken });

  // The modules.
  const llm =
    overrides.llm ??
    new LlmRouter({
      timeoutMs: config.llm.timeoutMs,
      offlinePace: { charsPerTick: 3, tickMs: config.llm.offlineDelayMs },
    });
  const modules = await createModules(ctx, settings, llm);
  app.decorate('modules', modules);
  await ctx.jobs.start();
  const stopMemoryReport = installMemoryReport(app.log, database.memory);
  // In this order: background work stops before the database it uses closes.
  app.addHook('onClose', async () => {
    await ctx.jobs.stop();
    await modules.stop();
    await redis?.quit();
    if (!overrides.database) await database.close();
    stopMemoryReport();
  });
  registerErrorHandling(app);
  registerAuth(app, modules.sessions);
  registerTextGuard(app);
  registerNoStore(app);
  registerBarrier(app, database.barrier);
  registerHealth(app, { database, redis });
  await app.register((api) => registerModuleRoutes(api, modules), { prefix: '/api/v1' });
  await app.register(mediaRoutes, { media: modules.media });
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());

  registerWebApp(app, config);
  return app;
}

/** The built web app with a history-mode fallback; unknown API paths get an envelope. */
function registerWebApp(app: FastifyInstance, config: Config) {
  // apps/server/src/app.ts and the bundle apps/server/dist/main.js both sit two levels below apps/.
  const dist = config.webDist ?? fileURLToPath(new URL('../../web/dist', import.meta.url));
  const hasWeb = existsSync(join(dist, 'index.html'));
  if (hasWeb) {
    app.register(fastifyStatic, webStaticOptions(dist));
  }
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0]!;
    if (path.startsWith('/api/') || path === '/api') {
      return reply.status(404).send(fail(ErrorCode.NOT_FOUND, ErrorMessage.API_NOT_FOUND));
    }
    if (path.startsWith('/media/')) return mediaNotFound(reply);
    if (hasWeb && (req.method === 'GET' || req.method === 'HEAD') && !path.startsWith('/media/')) {
      // The operator console is its own page and bundle (docs/admin.md): the consumer app never loads it.
      if (path === '/admin' || path.startsWith('/admin/')) {
        return reply
          .header('cache-control', 'no-cache')
          .sendFile('admin.html', { maxAge: 0, immutable: false });
      }
      return reply
        .header('cache-control', 'no-cache')
        .sendFile('index.html', { maxAge: 0, immutable: false });
    }
    return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
  });
}
