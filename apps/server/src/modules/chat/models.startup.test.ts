import { describe, expect, it } from 'vitest';
import { fakeModels } from '../../../test/chat.js';
import { startFakeOpenAi } from '../../../test/fake-openai.js';
import { startTestApp } from '../../../test/helpers.js';

/** The warnings the app logged at start that tell how to connect a model service. */
const offlineWarnings = (logs: Record<string, unknown>[]) =>
  logs.filter((l) => l.level === 40 && String(l.msg).includes('LLM_BASE_URL'));

describe('at start, the server log tells the administrator about the offline model', () => {
  it('warns once, naming the variables to set, when no model service is configured', async () => {
    const t = await startTestApp();
    try {
      const warned = offlineWarnings(t.logs);
      expect(warned).toHaveLength(1);
      for (const v of ['LLM_BASE_URL', 'LLM_API_KEY', 'LLM_MODELS']) expect(warned[0]!.msg).toContain(v);
    } finally {
      await t.close();
    }
  });

  it('says nothing of it when models are configured', async () => {
    const fake = await startFakeOpenAi();
    const t = await startTestApp({ env: fakeModels(fake, { 'real-model': { price: 1 } }).env });
    try {
      expect(offlineWarnings(t.logs)).toEqual([]);
    } finally {
      await t.close();
      await fake.close();
    }
  });
});
