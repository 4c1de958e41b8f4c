import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const app = await buildApp(config, {
    // The database is gone (its thread died): close what can be closed and exit, for a restart.
    onFatal: () => {
      setTimeout(() => process.exit(1), 10_000).unref();
      void app.close().finally(() => process.exit(1));
    },
  });
  // On SIGTERM/SIGINT: readiness fails for SHUTDOWN_DRAIN_MS (a load balancer takes this process out), then
  // stop accepting, let in-flight requests finish, close idle connections and the database; give up after
  // 10 s more (docs/scaling.md, Restarts).
  const drainMs = config.shutdownDrainMs;
  closeWithGrace({ delay: drainMs + 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'fatal error, shutting down');
    else {
      app.log.info({ signal, drainMs }, 'shutting down');
      app.drain();
      if (drainMs) await new Promise((r) => setTimeout(r, drainMs));
    }
    await app.close();
  });
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `灵犀 is running at ${config.publicUrl} (database: ${config.databaseUrl ? 'PostgreSQL' : 'embedded'})`,
  );
}

void main();
