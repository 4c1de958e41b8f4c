/** The fake OpenAI-compatible upstream in a process of its own, so it does not share the client's CPU. */
import { startFakeOpenAi } from '../apps/server/test/fake-openai.js';

const deltas = Number(process.env.FAKE_DELTAS ?? 100);
const fake = await startFakeOpenAi({ record: false });
fake.script({
  deltas: Array.from({ length: deltas }, (_, i) => `第${i}段`),
  deltaDelayMs: Number(process.env.FAKE_DELTA_GAP_MS ?? 30),
  firstByteDelayMs: Number(process.env.FAKE_FIRST_BYTE_MS ?? 0),
  stampDeltas: true,
});
process.stdout.write(`${fake.url}\n`);
process.on('SIGTERM', () => void fake.close().then(() => process.exit(0)));
