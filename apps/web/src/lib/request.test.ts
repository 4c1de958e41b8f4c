// @vitest-environment node
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOT_LOGGED_IN_CODES, RELOGIN_DEBOUNCE_MS, REQUEST_TIMEOUT_MS } from '@lingxi/contract';
import { ApiError } from './api-error';
import { createRelogin } from './relogin';
import { createRequestClient, REQUEST_MESSAGES } from './request';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

let server: Server;
let baseURL = '';
let closedURL = '';
const handlers = new Map<string, Handler>();
const seen: Seen[] = [];

const json = (res: ServerResponse, status: number, payload: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(payload));
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const handler = handlers.get(path);
      if (handler) handler(req, res, body);
      else json(res, 200, { code: 0, msg: 'ok', data: { echo: true } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // A port that was open a moment ago and is now closed: connection refused, a real network failure.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedURL = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  handlers.clear();
  seen.length = 0;
});

function setup(token: string | null = null, confirmAnswer = true) {
  const toast = vi.fn<(message: string) => void>();
  const confirm = vi.fn<(message: string) => Promise<boolean>>(() => Promise.resolve(confirmAnswer));
  const navigate = vi.fn<(to: string) => void>();
  const clearLogin = vi.fn<() => void>();
  let currentPath = '/user/info?tab=1';
  const relogin = createRelogin({
    getCurrentPath: () => currentPath,
    clearLogin,
    navigate,
    viaHost: () => false,
  });
  const reloginSpy = vi.fn(relogin);
  const client = createRequestClient({ baseURL, getToken: () => token, toast, confirm, relogin: reloginSpy });
  return {
    client,
    toast,
    confirm,
    navigate,
    clearLogin,
    reloginSpy,
    setPath: (path: string) => (currentPath = path),
  };
}

const envelope =
  (code: number, msg: string, data: unknown = null) =>
  (_: unknown, res: ServerResponse) =>
    json(res, 200, { code, msg, data });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to reject');
}

describe('request client: success and wire format', () => {
  it('defaults to the 120 s time-out of the product API layer', () => {
    expect(createRequestClient().config.timeout).toBe(REQUEST_TIMEOUT_MS);
    expect(REQUEST_TIMEOUT_MS).toBe(120_000);
  });

  it('resolves data on HTTP 2xx and code 0, without any toast', async () => {
    handlers.set('/ok', envelope(0, 'ok', { id: 7, name: '灵犀' }));
    const { client, toast } = setup();
    await expect(client.get('/ok')).resolves.toEqual({ id: 7, name: '灵犀' });
    expect(toast).not.toHaveBeenCalled();
  });

  it('treats HTTP 201 with code 0 as success too', async () => {
    handlers.set('/created', (_, res) => json(res, 201, { code: 0, msg: '', data: { id: 1 } }));
    await expect(setup().client.post('/created')).resolves.toEqual({ id: 1 });
  });

  it('sends JSON: content type, accept and a JSON body for post, put and delete', async () => {
    const { client } = setup();
    await client.post('/echo', { data: { phone: '13800000000', code: '123456' } });
    await client.put('/echo', { data: { nickname: '小明' } });
    await client.delete('/echo', { data: { code: '654321' } });
    expect(seen.map((s) => s.method)).toEqual(['POST', 'PUT', 'DELETE']);
    expect(seen[0]?.headers['content-type']).toBe('application/json');
    expect(seen[0]?.headers.accept).toBe('application/json');
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ phone: '13800000000', code: '123456' });
    expect(JSON.parse(seen[1]?.body ?? '')).toEqual({ nickname: '小明' });
    expect(JSON.parse(seen[2]?.body ?? '')).toEqual({ code: '654321' });
  });

  it('a call without a body sends no body and no content type, but still accepts JSON', async () => {
    const { client } = setup();
    await client.get('/echo');
    await client.post('/echo');
    expect(seen.map((s) => s.headers['content-type'])).toEqual([undefined, undefined]);
    expect(seen.map((s) => s.body)).toEqual(['', '']);
    expect(seen[1]?.headers.accept).toBe('application/json');
  });

  it('serialises params as the query string', async () => {
    await setup().client.get('/echo', { params: { page: 2, q: '写作', skip: undefined } });
    expect(seen[0]?.url).toBe(`/echo?page=2&q=${encodeURIComponent('写作')}`);
  });

  it('sends the token header when a token is stored', async () => {
    await setup('tok-123').client.get('/echo');
    expect(seen[0]?.headers.token).toBe('tok-123');
  });

  it('sends no token header without a token', async () => {
    await setup(null).client.get('/echo');
    expect(seen[0]?.headers).not.toHaveProperty('token');
  });

  it('drops headers whose value is undefined and keeps the others', async () => {
    await setup('tok').client.get('/echo', {
      headers: { 'x-sign': 'abc', 'x-nonce': undefined, token: undefined },
    });
    expect(seen[0]?.headers['x-sign']).toBe('abc');
    expect(seen[0]?.headers).not.toHaveProperty('x-nonce');
    // An explicit undefined also removes the default token header.
    expect(seen[0]?.headers).not.toHaveProperty('token');
  });
});

describe('request client: the error catalogue', () => {
  it('non-zero code: rejects and toasts the server msg', async () => {
    handlers.set('/biz', envelope(10029, '请59秒后再试', { retry_after: 59 }));
    const { client, toast, confirm } = setup();
    const error = await rejection(client.post('/biz'));
    expect(error).toMatchObject({ code: 10029, status: 200, message: '请59秒后再试', kind: 'business' });
    expect(error.data).toEqual({ retry_after: 59 });
    expect(toast).toHaveBeenCalledExactlyOnceWith('请59秒后再试');
    expect(confirm).not.toHaveBeenCalled();
  });

  it('non-zero code with an empty msg: toasts 服务器繁忙，请稍后再试', async () => {
    handlers.set('/empty', envelope(10001, ''));
    const { client, toast } = setup();
    const error = await rejection(client.get('/empty'));
    expect(error.message).toBe('服务器繁忙，请稍后再试');
    expect(toast).toHaveBeenCalledExactlyOnceWith('服务器繁忙，请稍后再试');
  });

  it('the hide-error-toast marker suppresses the toast but still rejects', async () => {
    handlers.set('/biz', envelope(10001, '请求参数有误'));
    const { client, toast } = setup();
    const error = await rejection(client.get('/biz', { hideErrorToast: true }));
    expect(error.message).toBe('请求参数有误');
    expect(toast).not.toHaveBeenCalled();
  });

  it.each([5, 20003, 20005, 20007, 100001, 400001])(
    'login code %i: message 未登录或登录过期了, dialog, confirm → relogin after the 500 ms debounce',
    async (code) => {
      handlers.set('/auth', envelope(code, '登录已过期，请重新登录'));
      const { client, toast, confirm, reloginSpy, navigate, clearLogin } = setup('old-token');
      const error = await rejection(client.get('/auth'));
      expect(error.message).toBe('未登录或登录过期了');
      expect(error.code).toBe(code);
      expect(error.isNotLoggedIn).toBe(true);
      expect(toast).not.toHaveBeenCalled();
      expect(confirm).toHaveBeenCalledExactlyOnceWith('未登录或登录过期了，是否前往登录？');
      await vi.waitFor(() => expect(reloginSpy).toHaveBeenCalledTimes(1));
      expect(navigate).not.toHaveBeenCalled();
      await sleep(RELOGIN_DEBOUNCE_MS + 100);
      expect(clearLogin).toHaveBeenCalledTimes(1);
      expect(navigate).toHaveBeenCalledExactlyOnceWith(
        `/login?redirect=${encodeURIComponent('/user/info?tab=1')}`,
      );
    },
  );

  it("covers exactly the client contract's list of login codes", () => {
    expect([...NOT_LOGGED_IN_CODES].sort((a, b) => a - b)).toEqual([5, 20003, 20005, 20007, 100001, 400001]);
  });

  it('declining the dialog does not relogin', async () => {
    handlers.set('/auth', envelope(20005, ''));
    const { client, confirm, navigate, reloginSpy } = setup('t', false);
    await rejection(client.get('/auth'));
    expect(confirm).toHaveBeenCalledTimes(1);
    await sleep(RELOGIN_DEBOUNCE_MS + 100);
    expect(reloginSpy).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('several login failures in a burst end in one relogin', async () => {
    handlers.set('/auth', envelope(20007, ''));
    const { client, navigate, clearLogin, reloginSpy } = setup('t');
    for (let i = 0; i < 3; i += 1) {
      await rejection(client.get('/auth'));
      await sleep(50);
    }
    expect(reloginSpy.mock.calls.length).toBeGreaterThanOrEqual(1);
    await sleep(RELOGIN_DEBOUNCE_MS + 150);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(clearLogin).toHaveBeenCalledTimes(1);
  });

  it('relogin does nothing while already on /login', async () => {
    handlers.set('/auth', envelope(20003, ''));
    const { client, navigate, clearLogin, setPath } = setup();
    setPath('/login?redirect=%2F');
    await rejection(client.get('/auth'));
    await sleep(RELOGIN_DEBOUNCE_MS + 100);
    expect(navigate).not.toHaveBeenCalled();
    expect(clearLogin).not.toHaveBeenCalled();
  });

  it('the no-login-dialog marker suppresses the dialog (and relogin)', async () => {
    handlers.set('/auth', envelope(20003, '未登录，请先登录'));
    const { client, confirm, toast, reloginSpy } = setup();
    const error = await rejection(client.get('/auth', { noLoginDialog: true }));
    expect(error.message).toBe('未登录或登录过期了');
    expect(confirm).not.toHaveBeenCalled();
    expect(toast).not.toHaveBeenCalled();
    await sleep(RELOGIN_DEBOUNCE_MS + 50);
    expect(reloginSpy).not.toHaveBeenCalled();
  });

  it('transport failure with a string body: the text is shown as is', async () => {
    handlers.set('/text', (_, res) => {
      res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('网关超时，请联系管理员');
    });
    const { client, toast } = setup();
    const error = await rejection(client.get('/text'));
    expect(error).toMatchObject({ status: 502, kind: 'http', message: '网关超时，请联系管理员' });
    expect(toast).toHaveBeenCalledExactlyOnceWith('网关超时，请联系管理员');
  });

  it('HTTP 500: 服务器内部错误，请稍后再试', async () => {
    handlers.set('/boom', (_, res) =>
      json(res, 500, { code: 10500, msg: '服务器开小差了，请稍后再试', data: null }),
    );
    const { client, toast } = setup();
    const error = await rejection(client.get('/boom'));
    expect(error).toMatchObject({ status: 500, message: '服务器内部错误，请稍后再试' });
    expect(toast).toHaveBeenCalledExactlyOnceWith(REQUEST_MESSAGES.internalError);
  });

  it.each([404, 502, 403])('HTTP %i: 请求错误码{status}，请稍后再试', async (status) => {
    handlers.set('/status', (_, res) => json(res, status, { code: status, msg: 'x', data: null }));
    const { client, toast } = setup();
    const error = await rejection(client.get('/status'));
    expect(error.message).toBe(`请求错误码${status}，请稍后再试`);
    expect(error.status).toBe(status);
    expect(toast).toHaveBeenCalledExactlyOnceWith(`请求错误码${status}，请稍后再试`);
  });

  it('HTTP error with an empty body falls back to the status message', async () => {
    handlers.set('/empty-404', (_, res) => {
      res.writeHead(404);
      res.end();
    });
    const error = await rejection(setup().client.get('/empty-404'));
    expect(error.message).toBe('请求错误码404，请稍后再试');
  });

  it('network failure: the platform error message is shown', async () => {
    const toast = vi.fn();
    const client = createRequestClient({ baseURL: closedURL, toast });
    let platformMessage = '';
    await fetch(`${closedURL}/x`).catch((e: Error) => (platformMessage = e.message));
    expect(platformMessage).not.toBe('');
    const error = await rejection(client.get('/x'));
    expect(error).toMatchObject({ kind: 'network', message: platformMessage });
    expect(toast).toHaveBeenCalledExactlyOnceWith(platformMessage);
  });

  it('time-out: aborted after the configured time, the platform message is shown', async () => {
    handlers.set('/slow', (_, res) => {
      setTimeout(() => json(res, 200, { code: 0, msg: '', data: 1 }), 1500);
    });
    const { client, toast } = setup();
    const started = Date.now();
    const error = await rejection(client.get('/slow', { timeout: 150 }));
    expect(Date.now() - started).toBeLessThan(1200);
    expect(error).toMatchObject({ kind: 'timeout', message: 'signal timed out' });
    expect(toast).toHaveBeenCalledExactlyOnceWith('signal timed out');
  });

  it('the hide-error-toast marker also silences transport failures', async () => {
    handlers.set('/boom', (_, res) => json(res, 500, {}));
    const { client, toast } = setup();
    await rejection(client.get('/boom', { hideErrorToast: true }));
    expect(toast).not.toHaveBeenCalled();
  });

  it('a call cancelled by its caller rejects without a toast', async () => {
    handlers.set('/slow', (_, res) => setTimeout(() => json(res, 200, { code: 0, msg: '', data: 1 }), 800));
    const { client, toast } = setup();
    const controller = new AbortController();
    const pending = client.get('/slow', { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await rejection(pending);
    expect(error.kind).toBe('aborted');
    expect(toast).not.toHaveBeenCalled();
  });
});

describe('request client: upload and download', () => {
  it('uploads multipart with the token and reads the envelope', async () => {
    handlers.set('/upload', envelope(0, '', { url: '/media/x.png' }));
    const { client } = setup('tok');
    const data = await client.upload('/upload', new Blob(['hello'], { type: 'text/plain' }), {
      fileName: 'a.txt',
      formData: { kind: 'avatar' },
    });
    expect(data).toEqual({ url: '/media/x.png' });
    expect(seen[0]?.headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(seen[0]?.headers.token).toBe('tok');
    expect(seen[0]?.body).toContain('hello');
  });

  it('downloads a blob', async () => {
    handlers.set('/file', (_, res) => {
      res.writeHead(200, { 'content-type': 'text/csv' });
      res.end('a,b\n1,2');
    });
    const blob = await setup().client.download('/file');
    expect(await blob.text()).toBe('a,b\n1,2');
  });
});
