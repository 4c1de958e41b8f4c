import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const aliyun = {
  SMS_PROVIDER: 'aliyun',
  SMS_ALIYUN_ACCESS_KEY_ID: 'id',
  SMS_ALIYUN_ACCESS_KEY_SECRET: 'secret',
  SMS_ALIYUN_SIGN_NAME: '灵犀',
  SMS_ALIYUN_TEMPLATE_CODE: 'SMS_1',
};

/** The ConfigError message `loadConfig` throws for `env`. */
function errorOf(env: Record<string, string>) {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('runs the embedded mode with an empty environment', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      env: 'development',
      port: 3000,
      host: '0.0.0.0',
      dataDir: resolve('./data'),
      databaseUrl: undefined,
      redisUrl: undefined,
      publicUrl: 'http://localhost:3000',
      logLevel: 'info',
      corsOrigins: [],
      bodyLimit: 1_048_576,
      trustProxy: false,
      adminPhones: [],
    });
    expect(c.sms.provider).toBe('console');
  });

  it('reads the variables it is given', () => {
    const c = loadConfig({
      PORT: '8080',
      DATA_DIR: '/var/lib/lingxi',
      DATABASE_URL: 'postgres://u@db:5432/lingxi',
      REDIS_URL: 'redis://cache:6379',
      PUBLIC_URL: 'https://lingxi.example/',
      CORS_ORIGINS: 'https://a.example, https://b.example,',
      TRUST_PROXY: '1',
      ADMIN_PHONES: '13800000000',
      ...aliyun,
    });
    expect(c).toMatchObject({
      port: 8080,
      dataDir: '/var/lib/lingxi',
      databaseUrl: 'postgres://u@db:5432/lingxi',
      redisUrl: 'redis://cache:6379',
      publicUrl: 'https://lingxi.example',
      corsOrigins: ['https://a.example', 'https://b.example'],
      trustProxy: true,
      adminPhones: ['13800000000'],
    });
    expect(c.sms.provider).toBe('aliyun');
    expect(c.sms.aliyun).toMatchObject({ accessKeySecret: 'secret', templateCode: 'SMS_1' });
  });

  it('puts images on the page’s own origin (cdn_base empty) unless PUBLIC_URL names the address', () => {
    expect(loadConfig({ PORT: '3105' }).cdnBase).toBe('');
    expect(loadConfig({ PUBLIC_URL: 'https://lingxi.example/' }).cdnBase).toBe('https://lingxi.example');
  });

  it('refuses an invalid PORT with a ConfigError naming the variable', () => {
    for (const PORT of ['abc', '70000', '-1', '3000.5']) expect(errorOf({ PORT })).toContain('PORT');
  });

  it('names every invalid variable', () => {
    const msg = errorOf({ LOG_LEVEL: 'loud', DATABASE_URL: 'not a url', TRUST_PROXY: 'yes' });
    for (const name of ['LOG_LEVEL', 'DATABASE_URL', 'TRUST_PROXY']) expect(msg).toContain(name);
  });

  it('refuses the aliyun SMS provider unless all four of its settings are given', () => {
    for (const missing of Object.keys(aliyun).filter((k) => k !== 'SMS_PROVIDER')) {
      expect(errorOf({ ...aliyun, [missing]: '' })).toContain('SMS_PROVIDER=aliyun');
    }
    expect(errorOf({ SMS_PROVIDER: 'carrier-pigeon' })).toContain('SMS_PROVIDER');
  });

  it('takes an embedding model on the LLM service unless told otherwise, and works jobs by default', () => {
    expect(loadConfig({}).embedding).toBeUndefined();
    expect(loadConfig({}).jobs).toEqual({
      worker: true,
      concurrency: 4,
      retryDelaySeconds: 10,
      schema: 'pgboss',
    });
    const llm = { LLM_BASE_URL: 'https://api.example/v1', LLM_API_KEY: 'sk-llm' };
    expect(loadConfig({ ...llm, EMBEDDING_MODEL: 'bge-m3' }).embedding).toEqual({
      model: 'bge-m3',
      baseUrl: 'https://api.example/v1',
      apiKey: 'sk-llm',
    });
    const own = { EMBEDDING_MODEL: 'e', EMBEDDING_BASE_URL: 'http://embed:8000/v1', EMBEDDING_API_KEY: 'k' };
    expect(loadConfig({ ...llm, ...own }).embedding).toEqual({
      model: 'e',
      baseUrl: 'http://embed:8000/v1',
      apiKey: 'k',
    });
    expect(errorOf({ EMBEDDING_MODEL: 'bge-m3' })).toContain('EMBEDDING_BASE_URL');
    expect(loadConfig({ JOBS_WORKER: 'false' }).jobs.worker).toBe(false);
    expect(errorOf({ JOBS_SCHEMA: 'Drop Table' })).toContain('JOBS_SCHEMA');
  });
});
