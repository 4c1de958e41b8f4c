import type { KnowledgeDocument } from '@lingxi/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { knowledgeDocuments } from '../../db/schema/knowledge.js';
import {
  addText,
  createBase,
  documents,
  type KnowledgeApp,
  type KnowledgeAppWithEmbeddings,
  passageIds,
  startKnowledgeApp,
  startKnowledgeAppWithEmbeddings,
  waitForDocument,
  waitForDocumentWhere,
} from '../../../test/knowledge.js';
import { GAVE_UP, retryingNote } from './ingestion.js';

const onPglite = !process.env.DATABASE_URL;

describe('the ingestion job', () => {
  const apps: KnowledgeApp[] = [];
  afterEach(async () => {
    for (const a of apps.splice(0)) await a.destroy().catch(() => undefined);
  });

  it('survives a restart: added while no worker runs, processed by the next process', async () => {
    const first = await startKnowledgeApp({ env: { JOBS_WORKER: 'false' } });
    const { token, phone } = await first.t.login();
    const base = await createBase(first.t, token);
    const doc = (await addText(first.t, token, base.id, '值班', '节假日值班安排由行政部统一发布。')).body
      .data;
    expect(doc.status).toBe('pending');
    await new Promise((r) => setTimeout(r, 300));
    expect((await documents(first.t, token, base.id))[0]!.status).toBe('pending');
    await first.close();

    const second = await startKnowledgeApp({ dataDir: first.dataDir, jobsSchema: first.jobsSchema });
    apps.push(second);
    const again = await second.t.login(phone);
    const done = await waitForDocument(second.t, again.token, base.id, doc.id);
    expect(done).toMatchObject({ status: 'ready', error: null });
    expect((await passageIds(second.t, doc.id)).length).toBeGreaterThan(0);
  });

  it.skipIf(!onPglite)(
    'retries a job cut off by a killed process at the next start (embedded database)',
    async () => {
      const first = await startKnowledgeApp({ env: { JOBS_WORKER: 'false' } });
      const { token, phone } = await first.t.login();
      const base = await createBase(first.t, token);
      const doc = (await addText(first.t, token, base.id, '门禁', '门禁卡遗失需在当天报告保卫处。')).body
        .data;
      // As a worker would leave it if the process were killed mid-job: the job active, the document processing.
      await first.t.db
        .update(knowledgeDocuments)
        .set({ status: 'processing' })
        .where(eq(knowledgeDocuments.id, doc.id));
      const schema = first.jobsSchema;
      await first.t.db.execute(
        sql.raw(
          `UPDATE ${schema}.job SET state = 'active', started_on = now() WHERE name = 'knowledge-ingest'`,
        ),
      );
      await first.close();

      const second = await startKnowledgeApp({ dataDir: first.dataDir, jobsSchema: schema });
      apps.push(second);
      const again = await second.t.login(phone);
      const done = await waitForDocument(second.t, again.token, base.id, doc.id);
      expect(done.status).toBe('ready');
    },
  );

  describe('with a flaky embedding model', () => {
    let k: KnowledgeAppWithEmbeddings;
    beforeAll(async () => {
      k = await startKnowledgeAppWithEmbeddings();
    });
    afterAll(() => k.destroy());

    it('says it is retrying while a retry waits, then ends ready', async () => {
      const { t } = k;
      const { token } = await t.login();
      const base = await createBase(t, token);
      k.fake.failEmbeddings(500);
      const doc = (await addText(t, token, base.id, '培训', '新员工入职培训为期三天。')).body.data;
      const retrying = (d: KnowledgeDocument) => d.error === retryingNote(1);
      const waiting = await waitForDocumentWhere(t, token, base.id, doc.id, retrying, 10_000);
      expect(waiting.status).toBe('pending');
      const done = await waitForDocument(t, token, base.id, doc.id, ['ready', 'failed']);
      expect(done).toMatchObject({ status: 'ready', error: null });
    });

    it('fails the document after the last retry, with a reason to try again later', async () => {
      const { t } = k;
      const { token } = await t.login();
      const base = await createBase(t, token);
      k.fake.failEmbeddings(500, 500, 500, 500);
      const doc = (await addText(t, token, base.id, '体检', '公司每年组织一次免费体检。')).body.data;
      const done = await waitForDocument(t, token, base.id, doc.id, ['ready', 'failed'], 40_000);
      expect(done).toMatchObject({ status: 'failed', error: GAVE_UP, passage_count: 0 });
      // Re-processing it (the model is back) makes it ready.
      await t.call('POST', `/api/v1/knowledge/${base.id}/document/${doc.id}/reprocess`, { token });
      expect((await waitForDocument(t, token, base.id, doc.id)).status).toBe('ready');
    }, 60_000);
  });

  it('does nothing for a deleted document or an older revision', async () => {
    const first = await startKnowledgeApp({ env: { JOBS_WORKER: 'false' } });
    const { token, phone } = await first.t.login();
    const base = await createBase(first.t, token);
    const gone = (await addText(first.t, token, base.id, '删掉', '这篇会被删除。')).body.data;
    const twice = (await addText(first.t, token, base.id, '两次', '这篇会被重新处理两次。')).body.data;
    await first.t.call('DELETE', `/api/v1/knowledge/${base.id}/document/${gone.id}`, { token });
    for (let i = 0; i < 2; i++) {
      await first.t.call('POST', `/api/v1/knowledge/${base.id}/document/${twice.id}/reprocess`, { token });
    }
    const [row] = await first.t.db
      .select()
      .from(knowledgeDocuments)
      .where(eq(knowledgeDocuments.id, twice.id));
    expect(row!.revision).toBe(3);
    await first.close();

    const second = await startKnowledgeApp({ dataDir: first.dataDir, jobsSchema: first.jobsSchema });
    apps.push(second);
    const again = await second.t.login(phone);
    const done = await waitForDocument(second.t, again.token, base.id, twice.id);
    expect(done.status).toBe('ready');
    // Three jobs ran for it (revisions 1, 2, 3); only the last wrote an index, once.
    const seqs = await passageIds(second.t, twice.id);
    expect(seqs.length).toBe(done.passage_count);
    expect((await documents(second.t, again.token, base.id)).map((d) => d.id)).toEqual([twice.id]);
  });
});
