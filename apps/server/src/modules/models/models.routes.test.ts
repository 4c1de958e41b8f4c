import type { ModelInfo } from '@lingxi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeVip } from '../../../test/bots.js';
import { fakeModels } from '../../../test/chat.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fake-openai.js';
import { DAY, startTestApp, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
let fake: FakeOpenAi;
let plain: string;
let vipOnly: string;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  const m = fakeModels(fake, { 'plain-model': { price: 2 }, 'vip-model': { price: 5, vip: true } });
  plain = m.ids['plain-model']!;
  vipOnly = m.ids['vip-model']!;
  t = await (await startTestApp({ env: m.env })).listen();
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const listed = async (token?: string) =>
  (await t.call<{ list: ModelInfo[] }>('GET', '/api/v1/model', { token })).body.data.list.map((m) => m.id);

describe('GET /model', () => {
  it('lists the models a user may pick, in the wire shape, with the platform default marked', async () => {
    const list = (await t.call<{ list: ModelInfo[] }>('GET', '/api/v1/model')).body.data.list;
    expect(list.find((m) => m.id === plain)).toEqual({
      id: plain,
      name: 'plain-model',
      provider: 'openai',
      chip_price: 2,
      base_chip_price: 2,
      vip_only: false,
      context_window: 8000,
      is_default: false,
    });
    expect(list.find((m) => m.id === 'offline')).toMatchObject({ is_default: true, provider: 'offline' });
  });

  it('shows VIP-only models to a member only, by the app clock', async () => {
    const { token, user } = await t.login();
    expect(await listed()).not.toContain(vipOnly);
    expect(await listed(token)).not.toContain(vipOnly);
    await makeVip(t, user.id, 1);
    expect(await listed(token)).toContain(vipOnly);
    // The membership ends by the app's clock, not the machine's.
    t.clock.advance(2 * DAY);
    expect(await listed(token)).not.toContain(vipOnly);
    expect(await listed(token)).toContain(plain);
  });
});
