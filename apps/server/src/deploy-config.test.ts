import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, configKeys, loadConfig } from './config.js';

const deploy = (file: string) => readFileSync(new URL(`../../../deploy/${file}`, import.meta.url), 'utf8');

/** KEY=value lines of an env file (comments and blank lines skipped). */
const envFile = (text: string) =>
  Object.fromEntries(
    text
      .split('\n')
      .map((l) => /^([A-Z0-9_]+)=(.*)$/.exec(l.trim()))
      .filter((m) => m !== null)
      .map((m) => [m[1]!, m[2]!]),
  );

/** The app instances' environment in deploy/compose.yaml, interpolated as `docker compose` does. */
function composeAppEnv(vars: Record<string, string>) {
  const text = deploy('compose.yaml');
  const block = text.slice(text.indexOf('x-app: &app'), text.indexOf('\nservices:'));
  const environment = block.slice(block.indexOf('  environment:\n'), block.indexOf('  volumes:\n'));
  const interpolate = (v: string) =>
    v.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_, name: string, op?: string, arg?: string) => {
      const value = vars[name];
      if (value) return value;
      if (op === '?') throw new Error(`${name} is required: ${arg}`);
      return op === '-' ? (arg ?? '') : '';
    });
  return Object.fromEntries(
    [...environment.matchAll(/^ {4}([A-Z0-9_]+): (.*)$/gm)].map((m) => [
      m[1]!,
      interpolate(m[2]!.replace(/^'(.*)'$/, '$1')),
    ]),
  );
}

describe('the deployment files (deploy/)', () => {
  const example = envFile(deploy('.env.example'));
  const secrets = { ...example, POSTGRES_PASSWORD: 'pg-secret', MINIO_ROOT_PASSWORD: 'minio-secret' };

  it('give the server only variables it reads, and a configuration it accepts', () => {
    const env = { ...envFile(deploy('app.env.example')), ...composeAppEnv(secrets) };
    const known = new Set(configKeys());
    expect(Object.keys(env).filter((k) => !known.has(k))).toEqual([]);
    const c = loadConfig(env);
    expect(c).toMatchObject({
      env: 'production',
      databaseUrl: 'postgres://lingxi:pg-secret@postgres:5432/lingxi',
      redisUrl: 'redis://redis:6379/0',
      trustProxy: true,
      metricsToken: undefined,
      shutdownDrainMs: 5000,
      storage: {
        driver: 's3',
        s3: {
          endpoint: 'http://minio:9000',
          bucket: 'lingxi',
          accessKeyId: 'lingxi',
          secretAccessKey: 'minio-secret',
          forcePathStyle: true,
          publicUrl: 'http://localhost/s3/lingxi',
        },
      },
    });
  });

  it('refuse to start without the secrets', () => {
    expect(() => composeAppEnv(example)).toThrow(/POSTGRES_PASSWORD is required/);
  });

  it('read METRICS_TOKEN: empty is unset, a short one is refused', () => {
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'a'.repeat(16) }).metricsToken).toBe('a'.repeat(16));
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(ConfigError);
    expect(loadConfig({}).shutdownDrainMs).toBe(0);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: '-1' })).toThrow(ConfigError);
  });
});
