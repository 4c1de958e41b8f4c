import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
export { launchBrowser } from './browser.js';

const root = new URL('..', import.meta.url).pathname;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });

export type Server = {
  url: string;
  logs: Record<string, unknown>[];
  /** The newest SMS code the console provider logged for a phone, waiting for it to appear. */
  smsCode(phone: string, purpose?: string): Promise<string>;
  stop(): Promise<void>;
};

/** The production bundle (`npm run build`) on a fresh embedded database, as `npm start` runs it. */
export async function startServer(env: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'lingxi-e2e-'));
  const logs: Record<string, unknown>[] = [];
  const child: ChildProcess = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let buffered = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop()!;
    for (const line of lines) if (line.startsWith('{')) logs.push(JSON.parse(line));
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (
      await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error('server did not start in 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    logs,
    async smsCode(phone, purpose = 'login') {
      for (let i = 0; i < 50; i++) {
        const hit = logs.findLast((l) => {
          const sms = l.sms as { phone?: string; purpose?: string } | undefined;
          return sms?.phone === phone && sms.purpose === purpose;
        });
        if (hit) return (hit.sms as { code: string }).code;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no SMS code logged for ${phone}`);
    },
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A phone-sized context (375×812) in Chinese, on China's clock (as the server's notices date things). */
export function phoneContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
}

export const randomPhone = () => `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/** Logs a new user in through the API (code from the server log); returns the token. */
export async function apiLogin(server: Server, phone = randomPhone()): Promise<string> {
  const post = async (path: string, body?: unknown) => {
    const res = await fetch(server.url + path, {
      method: 'POST',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as { code: number; msg: string; data: { token: string } };
  };
  const sent = await post(`/api/v1/login/code/${phone}`);
  if (sent.code !== 0) throw new Error(sent.msg);
  const logged = await post('/api/v1/phone/login', { phone, code: await server.smsCode(phone) });
  if (logged.code !== 0) throw new Error(logged.msg);
  return logged.data.token;
}

/** Fills what the bot editor requires: the name, the first category, the persona. */
export async function fillBotBasics(page: Page, name: string, persona: string) {
  await page.getByTestId('name-input').locator('input').fill(name);
  await page.getByTestId('category-picker').click();
  await page.locator('.adm-picker-header-button:last-child:visible').click();
  await page.getByTestId('persona-input').locator('textarea').first().fill(persona);
}
