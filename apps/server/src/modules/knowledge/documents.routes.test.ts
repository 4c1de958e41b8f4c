import { ErrorCode, type HitTestResult, type KnowledgeBase, type KnowledgeDocument } from '@lingxi/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema/uploads.js';
import {
  addFile,
  addText,
  createBase,
  indexRows,
  type KnowledgeApp,
  type KnowledgeAppWithEmbeddings,
  passageIds,
  startKnowledgeAppWithEmbeddings,
  waitForDocument,
} from '../../../test/knowledge.js';
import { DocumentFailure } from './text/errors.js';
import { chinesePdf, docxFile, encryptedPdf, gbk, imageOnlyPdf, latinPdf } from './text/test-files.js';

const hitTest = (k: KnowledgeApp, token: string, baseId: number, query: string, top_k = 5) =>
  k.t.call<HitTestResult>('POST', `/api/v1/knowledge/${baseId}/hit-test`, { token, body: { query, top_k } });

describe('documents through the API, processed by the ingestion job', () => {
  let k: KnowledgeAppWithEmbeddings;
  beforeAll(async () => {
    k = await startKnowledgeAppWithEmbeddings();
  });
  afterAll(() => k.destroy());

  it('reads every format: UTF-8 and GBK text, Markdown, PDF (Latin and Chinese), Word, pasted text', async () => {
    const { t } = k;
    const { token } = await t.login();
    const base = await createBase(t, token);
    const files: [Buffer, string, string, string][] = [
      [Buffer.from('报销制度\n差旅报销须在出差结束后三十天内提交。'), 'utf8.txt', 'text/plain', '差旅报销'],
      [gbk('考勤制度\r\n员工每天九点前打卡，迟到三次扣除全勤奖。'), 'gbk.txt', 'text/plain', '全勤奖'],
      [
        Buffer.from('# 年假\n\n入职满一年的员工享有十五天带薪年假。\n'),
        'leave.md',
        'text/markdown',
        '带薪年假',
      ],
      [
        await latinPdf([['The office opens at nine.'], ['Parking is free for staff.']]),
        'en.pdf',
        'application/pdf',
        'parking',
      ],
      [
        await chinesePdf(['公司食堂提供免费午餐。', '午餐时间为十二点。']),
        'cn.pdf',
        'application/pdf',
        '免费午餐',
      ],
      [
        await docxFile([{ heading: '保密协议', paragraphs: ['员工不得向外泄露客户名单。'] }]),
        'nda.docx',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        '客户名单',
      ],
    ];
    const added: { doc: KnowledgeDocument; query: string; name: string }[] = [];
    for (const [file, name, mime, query] of files) {
      const res = await addFile(t, token, base.id, file, name);
      expect(res.body.code, name).toBe(0);
      expect(res.body.data).toMatchObject({ name, mime, status: 'pending', bytes: file.length });
      added.push({ doc: res.body.data, query, name });
    }
    const pasted = await addText(t, token, base.id, '加班规定', '工作日加班按一点五倍工资计算。');
    added.push({ doc: pasted.body.data, query: '加班工资', name: '加班规定' });
    for (const { doc, query, name } of added) {
      const done = await waitForDocument(t, token, base.id, doc.id);
      expect(done, name).toMatchObject({ status: 'ready', error: null });
      expect(done.chars).toBeGreaterThan(5);
      expect(done.passage_count).toBeGreaterThanOrEqual(1);
      const hit = await hitTest(k, token, base.id, query, 3);
      expect(hit.body.data.list[0], `${name}: ${query}`).toMatchObject({
        document_id: doc.id,
        document: name,
      });
    }
    const docx = await hitTest(k, token, base.id, '客户名单');
    // A Word heading stays with its passage.
    expect(docx.body.data.list[0]).toMatchObject({
      heading: '保密协议',
      content: '员工不得向外泄露客户名单。',
    });
    const info = (await t.call<KnowledgeBase>('GET', `/api/v1/knowledge/${base.id}`, { token })).body.data;
    expect(info).toMatchObject({ document_count: 7, processing_count: 0 });
    expect(info.passage_count).toBeGreaterThanOrEqual(7);
  });

  it('fails a corrupt, an encrypted and a scanned file with the reason, and keeps working', async () => {
    const { t } = k;
    const { token } = await t.login();
    const base = await createBase(t, token);
    const cases: [Buffer, string, string][] = [
      [(await latinPdf([['Some text here.']])).subarray(0, 300), 'broken.pdf', DocumentFailure.CORRUPT],
      [encryptedPdf(), 'secret.pdf', DocumentFailure.ENCRYPTED],
      [await imageOnlyPdf(), 'scan.pdf', DocumentFailure.NO_TEXT],
    ];
    for (const [file, name, reason] of cases) {
      const doc = (await addFile(t, token, base.id, file, name)).body.data;
      const done = await waitForDocument(t, token, base.id, doc.id);
      expect(done, name).toMatchObject({ status: 'failed', error: reason, passage_count: 0 });
    }
    // The worker is still there for the next one.
    const ok = (await addText(t, token, base.id, '好文档', '这一篇可以正常处理。')).body.data;
    expect((await waitForDocument(t, token, base.id, ok.id)).status).toBe('ready');
  });

  it('retrieves hybrid (lexical and vector fused) when an embedding model is configured', async () => {
    const { t } = k;
    const { token } = await t.login();
    const base = await createBase(t, token);
    const a = (await addText(t, token, base.id, '年假', '入职满一年的员工享有十五天带薪年假。')).body.data;
    const b = (await addText(t, token, base.id, '病假', '病假需要提供医院证明。')).body.data;
    await waitForDocument(t, token, base.id, a.id);
    await waitForDocument(t, token, base.id, b.id);
    const hit = (await hitTest(k, token, base.id, '年假有几天')).body.data;
    expect(hit.mode).toBe('hybrid');
    expect(hit.list[0]).toMatchObject({ document_id: a.id, document: '年假' });
    expect(hit.list[0]!.vector_score).not.toBeNull();
    expect(hit.took_ms).toBeGreaterThanOrEqual(0);
    // Passages were embedded with the model, in batches; the query too.
    expect(
      k.fake.embeddingRequests.some((r) => r.model === 'fake-embedding' && r.input.includes('年假有几天')),
    ).toBe(true);
  });

  it('re-processes a document: a new revision, pending, then ready with its index replaced', async () => {
    const { t } = k;
    const { token } = await t.login();
    const base = await createBase(t, token);
    const doc = (await addText(t, token, base.id, '制度', '第一条。每周五下午为学习时间。')).body.data;
    await waitForDocument(t, token, base.id, doc.id);
    const before = await passageIds(t, doc.id);
    expect(before.length).toBeGreaterThan(0);
    const again = await t.call<KnowledgeDocument>(
      'POST',
      `/api/v1/knowledge/${base.id}/document/${doc.id}/reprocess`,
      { token },
    );
    expect(again.body.data).toMatchObject({ id: doc.id, status: 'pending', error: null });
    const done = await waitForDocument(t, token, base.id, doc.id);
    expect(done.status).toBe('ready');
    const after = await passageIds(t, doc.id);
    expect(after).toHaveLength(before.length);
    expect(after.some((id) => before.includes(id))).toBe(false);
    expect(await indexRows(t, before)).toEqual({ passages: 0, postings: 0, embeddings: 0 });
    const gone = await t.call('POST', `/api/v1/knowledge/${base.id}/document/999999999/reprocess`, { token });
    expect(gone.body).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: '文档不存在' });
  });

  it('deletes a document with its passages, postings, vectors and file; a base with all of its documents', async () => {
    const { t } = k;
    const { token, user } = await t.login();
    const base = await createBase(t, token);
    const file = (
      await addFile(t, token, base.id, Buffer.from('# 差旅\n\n出差住宿标准为每晚五百元。'), 'trip.md')
    ).body.data;
    const text = (await addText(t, token, base.id, '餐补', '出差餐补每天一百元。')).body.data;
    await waitForDocument(t, token, base.id, file.id);
    await waitForDocument(t, token, base.id, text.id);
    const fileIndex = await passageIds(t, file.id);
    const textIndex = await passageIds(t, text.id);
    const counts = await indexRows(t, fileIndex);
    expect(counts.passages).toBeGreaterThan(0);
    expect(counts.postings).toBeGreaterThan(0);
    expect(counts.embeddings).toBe(counts.passages);

    const removed = await t.call('DELETE', `/api/v1/knowledge/${base.id}/document/${file.id}`, { token });
    expect(removed.body).toMatchObject({ code: 0, data: { ok: true } });
    expect(await indexRows(t, fileIndex)).toEqual({ passages: 0, postings: 0, embeddings: 0 });
    expect(await t.db.select().from(uploads).where(eq(uploads.userId, user.id))).toEqual([]);
    const hit = (await hitTest(k, token, base.id, '住宿标准')).body.data;
    expect(hit.list.map((p) => p.document_id)).not.toContain(file.id);
    expect((await indexRows(t, textIndex)).passages).toBeGreaterThan(0);

    expect((await t.call('DELETE', `/api/v1/knowledge/${base.id}`, { token })).body.code).toBe(0);
    expect(await indexRows(t, textIndex)).toEqual({ passages: 0, postings: 0, embeddings: 0 });
  });
});
