import { describe, expect, it } from 'vitest';
import { startTestApp } from '../test/helpers.js';

describe('graceful shutdown', () => {
  it('finishes a request in flight before closing, then accepts no more', async () => {
    const t = await startTestApp();
    const events: string[] = [];
    let entered!: () => void;
    const inHandler = new Promise<void>((r) => (entered = r));
    t.extend((app) => {
      app.get('/api/test/slow', async () => {
        entered();
        await new Promise((r) => setTimeout(r, 500));
        events.push('handler done');
        return { code: 0, msg: 'ok', data: { slow: true } };
      });
      app.addHook('onClose', async () => {
        events.push('resources closed');
      });
    });
    await t.listen();
    const base = t.base;

    const response = fetch(`${base}/api/test/slow`);
    await inHandler;
    const started = Date.now();
    const closing = t.close();
    const res = await response;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: 0, msg: 'ok', data: { slow: true } });
    // The client's keep-alive connection closes with the response instead of holding the shutdown open.
    expect(res.headers.get('connection')).toBe('close');
    await closing;
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(events).toEqual(['handler done', 'resources closed']);
    await expect(fetch(`${base}/api/v1/version`)).rejects.toThrow();
  });
});
