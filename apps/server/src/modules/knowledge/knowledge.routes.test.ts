import {
  ErrorCode,
  type HitTestResult,
  type KnowledgeBase,
  type KnowledgeBaseList,
  type KnowledgeDocument,
  type KnowledgeOption,
  type Page,
} from '@lingxi/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knowledgeBases, knowledgeDocuments } from '../../db/schema/knowledge.js';
import { makeVip } from '../../../test/bots.js';
import {
  addFile,
  addText,
  createBase,
  type KnowledgeApp,
  startKnowledgeApp,
} from '../../../test/knowledge.js';
import { upload } from '../../../test/uploads.js';

const png = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();

describe('knowledge bases', () => {
  let k: KnowledgeApp;
  // Nothing here needs a document processed: no worker, so every document stays as it was added.
  beforeAll(async () => {
    k = await startKnowledgeApp({ env: { JOBS_WORKER: 'false' } });
  });
  afterAll(() => k.destroy());

  it('creates, lists with usage and limits, edits and deletes a base', async () => {
    const { t } = k;
    const { token } = await t.login();
    const empty = await t.call<KnowledgeBaseList>('GET', '/api/v1/knowledge', { token });
    expect(empty.body.data).toEqual({
      list: [],
      usage: { bases: 0, bytes: 0 },
      limits: {
        max_bases: 10,
        max_documents_per_base: 50,
        max_document_bytes: 10 * 1024 * 1024,
        max_total_bytes: 50 * 1024 * 1024,
        vip: false,
      },
    });
    const base = await createBase(t, token, { name: '  产品资料  ', description: '说明书' });
    expect(base).toMatchObject({
      name: '产品资料',
      description: '说明书',
      cover: '',
      document_count: 0,
      processing_count: 0,
      passage_count: 0,
      bytes: 0,
    });
    const content = '灵犀是一个AI助手。';
    const bytes = Buffer.byteLength(content);
    expect(bytes).toBe(26);
    await addText(t, token, base.id, '简介', content);
    const list = (await t.call<KnowledgeBaseList>('GET', '/api/v1/knowledge', { token })).body.data;
    expect(list.list).toHaveLength(1);
    expect(list.list[0]).toMatchObject({ id: base.id, document_count: 1, processing_count: 1, bytes });
    expect(list.usage).toEqual({ bases: 1, bytes });

    const edited = await t.call<KnowledgeBase>('PUT', `/api/v1/knowledge/${base.id}`, {
      token,
      body: { name: '产品手册', description: '' },
    });
    expect(edited.body.data).toMatchObject({
      id: base.id,
      name: '产品手册',
      description: '',
      document_count: 1,
    });
    expect((await t.call('GET', `/api/v1/knowledge/${base.id}`, { token })).body.data).toEqual(
      edited.body.data,
    );

    expect((await t.call('DELETE', `/api/v1/knowledge/${base.id}`, { token })).body).toMatchObject({
      code: 0,
      data: { ok: true },
    });
    expect((await t.call('GET', `/api/v1/knowledge/${base.id}`, { token })).body).toMatchObject({
      code: ErrorCode.NOT_FOUND,
      msg: '知识库不存在',
    });
    const left = await t.db
      .select()
      .from(knowledgeDocuments)
      .where(eq(knowledgeDocuments.knowledgeBaseId, base.id));
    expect(left).toEqual([]);
  });

  it('refuses bad input with the field and a Chinese message, writing nothing', async () => {
    const { t } = k;
    const { token, user } = await t.login();
    const cases: [unknown, string][] = [
      [{ name: '' }, '请输入知识库名称'],
      [{ name: '   ' }, '请输入知识库名称'],
      [{}, '请输入知识库名称'],
      [{ name: '名'.repeat(31) }, '名称最多30个字'],
      [{ name: '资料', description: '字'.repeat(201) }, '简介最多200个字'],
      [{ name: '资料', cover: 'https://evil.example/a.png' }, '请上传自己的图片作为封面'],
      [{ name: '资料', cover: '/media/u/nope.png' }, '请上传自己的图片作为封面'],
    ];
    for (const [body, msg] of cases) {
      const res = await t.call('POST', '/api/v1/knowledge', { token, body });
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(res.body.code, JSON.stringify(body)).toBe(ErrorCode.BAD_REQUEST);
      expect(res.body.msg).toBe(msg);
    }
    const base = await createBase(t, token);
    const docCases: [string, unknown, string][] = [
      ['/document/text', { title: '', content: '内容' }, '请输入标题'],
      ['/document/text', { title: '标题', content: '   ' }, '请输入文本内容'],
      ['/document/text', { title: '标题', content: '字'.repeat(100_001) }, '文本最多100000个字'],
      ['/document', {}, '请先上传文件'],
      ['/document', { upload_id: -1 }, '上传编号不正确'],
      ['/hit-test', { query: '' }, '请输入要测试的问题'],
      ['/hit-test', { query: '年假', top_k: 21 }, '返回条数最多为20'],
    ];
    for (const [path, body, msg] of docCases) {
      const res = await t.call('POST', `/api/v1/knowledge/${base.id}${path}`, { token, body });
      expect(res.body.code, `${path} ${JSON.stringify(body)}`).toBe(ErrorCode.BAD_REQUEST);
      expect(res.body.msg).toBe(msg);
    }
    for (const path of ['/api/v1/knowledge/abc', '/api/v1/knowledge/0/document']) {
      const res = await t.call('GET', path, { token });
      expect(res.body).toMatchObject({ code: ErrorCode.BAD_REQUEST, msg: '知识库ID不正确' });
    }
    const rows = await t.db.select().from(knowledgeBases).where(eq(knowledgeBases.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(
      await t.db.select().from(knowledgeDocuments).where(eq(knowledgeDocuments.knowledgeBaseId, base.id)),
    ).toEqual([]);
  });

  it('takes a cover the user uploaded, not someone else’s', async () => {
    const { t } = k;
    const { token } = await t.login();
    const other = await t.login();
    const own = (await upload(t, token, 'bot_avatar', await png(), 'c.png')).data.url;
    const theirs = (await upload(t, other.token, 'bot_avatar', await png(), 'c.png')).data.url;
    const base = await createBase(t, token, { cover: own });
    expect(base.cover).toBe(own);
    const refused = await t.call('POST', '/api/v1/knowledge', {
      token,
      body: { name: '资料', cover: theirs },
    });
    expect(refused.body).toMatchObject({ code: ErrorCode.BAD_REQUEST, msg: '请上传自己的图片作为封面' });
    // The cover it already has stays acceptable; '' is the default cover.
    const kept = await t.call<KnowledgeBase>('PUT', `/api/v1/knowledge/${base.id}`, {
      token,
      body: { name: '资料2', cover: own },
    });
    expect(kept.body.data.cover).toBe(own);
    const cleared = await t.call<KnowledgeBase>('PUT', `/api/v1/knowledge/${base.id}`, {
      token,
      body: { name: '资料2', cover: '' },
    });
    expect(cleared.body.data.cover).toBe('');
  });

  it('limits bases per user (more for a VIP) with code 10030', async () => {
    const { t } = k;
    const { token, user } = await t.login();
    await Promise.all(Array.from({ length: 10 }, (_, i) => createBase(t, token, { name: `库${i}` })));
    const over = await t.call('POST', '/api/v1/knowledge', { token, body: { name: '第十一个' } });
    expect(over.body).toMatchObject({
      code: ErrorCode.LIMIT_REACHED,
      msg: '最多可创建10个知识库，开通会员可创建更多',
    });
    await makeVip(t, user.id);
    const list = (await t.call<KnowledgeBaseList>('GET', '/api/v1/knowledge', { token })).body.data;
    expect(list.limits).toMatchObject({ max_bases: 50, max_documents_per_base: 500, vip: true });
    expect(list.limits.max_document_bytes).toBe(20 * 1024 * 1024);
    expect(list.limits.max_total_bytes).toBe(500 * 1024 * 1024);
    expect((await t.call('POST', '/api/v1/knowledge', { token, body: { name: '第十一个' } })).body.code).toBe(
      0,
    );
  });

  it('limits documents per base and the user’s total bytes, counting pasted text in UTF-8 bytes', async () => {
    const { t } = k;
    const { token } = await t.login();
    const base = await createBase(t, token);
    for (let i = 0; i < 50; i++) {
      expect((await addText(t, token, base.id, `文档${i}`, `第${i}段内容。`)).body.code).toBe(0);
    }
    const over = await addText(t, token, base.id, '多一个', '内容');
    expect(over.body).toMatchObject({
      code: ErrorCode.LIMIT_REACHED,
      msg: '每个知识库最多50个文档，开通会员可添加更多',
    });
    expect(
      (await t.call<KnowledgeBase>('GET', `/api/v1/knowledge/${base.id}`, { token })).body.data,
    ).toMatchObject({ document_count: 50, processing_count: 50 });

    // 50 MB in all: 5 files of 10 MB (the most one document may be) fill it.
    const { token: heavy } = await t.login();
    const full = await createBase(t, heavy);
    const tenMb = Buffer.alloc(10 * 1024 * 1024, 'a');
    for (let i = 0; i < 5; i++)
      expect((await addFile(t, heavy, full.id, tenMb, `f${i}.txt`)).body.code).toBe(0);
    const text = await addText(t, heavy, full.id, '中文', '知识');
    expect(text.body).toMatchObject({
      code: ErrorCode.LIMIT_REACHED,
      msg: '知识库空间不足：已用50MB，共50MB，开通会员可获得更多空间',
    });
    const big = await addFile(
      t,
      heavy,
      (await createBase(t, heavy)).id,
      Buffer.alloc(10 * 1024 * 1024 + 1, 'b'),
      'big.txt',
    );
    expect(big.body).toMatchObject({
      code: ErrorCode.LIMIT_REACHED,
      msg: '单个文档最大10MB，开通会员可上传更大的文档',
    });
  });

  it('keeps someone else’s bases, documents and hit test out of reach (10004, as if missing)', async () => {
    const { t } = k;
    const owner = await t.login();
    const other = await t.login();
    const base = await createBase(t, owner.token);
    const doc = (await addText(t, owner.token, base.id, '机密', '这是只有我能看的内容。')).body.data;
    const up = await upload(t, other.token, 'knowledge_doc', Buffer.from('别人的文件内容'), 'x.txt');
    const tries: [string, string, unknown?][] = [
      ['GET', `/api/v1/knowledge/${base.id}`],
      ['PUT', `/api/v1/knowledge/${base.id}`, { name: '改名' }],
      ['DELETE', `/api/v1/knowledge/${base.id}`],
      ['GET', `/api/v1/knowledge/${base.id}/document`],
      ['POST', `/api/v1/knowledge/${base.id}/document/text`, { title: '塞', content: '内容' }],
      ['POST', `/api/v1/knowledge/${base.id}/document`, { upload_id: up.data.id }],
      ['DELETE', `/api/v1/knowledge/${base.id}/document/${doc.id}`],
      ['POST', `/api/v1/knowledge/${base.id}/document/${doc.id}/reprocess`],
      ['POST', `/api/v1/knowledge/${base.id}/hit-test`, { query: '内容' }],
    ];
    for (const [method, path, body] of tries) {
      const res = await t.call(method, path, { token: other.token, body });
      expect(res.body, `${method} ${path}`).toMatchObject({
        code: ErrorCode.NOT_FOUND,
        msg: '知识库不存在',
        data: null,
      });
    }
    // Their own base does not open the owner's document either, nor the owner's upload.
    const theirs = await createBase(t, other.token);
    const cross = await t.call('DELETE', `/api/v1/knowledge/${theirs.id}/document/${doc.id}`, {
      token: other.token,
    });
    expect(cross.body).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: '文档不存在' });
    const ownerUpload = await upload(t, owner.token, 'knowledge_doc', Buffer.from('我的文件'), 'mine.txt');
    const stolen = await t.call('POST', `/api/v1/knowledge/${theirs.id}/document`, {
      token: other.token,
      body: { upload_id: ownerUpload.data.id },
    });
    expect(stolen.body).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: '文件不存在' });
    // Nothing changed, and their list does not show it.
    const list = (await t.call<KnowledgeBaseList>('GET', '/api/v1/knowledge', { token: other.token })).body
      .data;
    expect(list.list.map((b) => b.id)).toEqual([theirs.id]);
    const docs = await t.call<Page<KnowledgeDocument>>('GET', `/api/v1/knowledge/${base.id}/document`, {
      token: owner.token,
    });
    expect(docs.body.data.list.map((d) => d.id)).toEqual([doc.id]);
    expect((await t.call('GET', '/api/v1/knowledge', {})).body.code).not.toBe(0);
  });

  it('adds an upload once, only one uploaded for knowledge, and pages documents newest first', async () => {
    const { t } = k;
    const { token } = await t.login();
    const base = await createBase(t, token);
    const image = await upload(t, token, 'bot_avatar', await png(), 'a.png');
    const wrong = await t.call('POST', `/api/v1/knowledge/${base.id}/document`, {
      token,
      body: { upload_id: image.data.id },
    });
    expect(wrong.body).toMatchObject({
      code: ErrorCode.BAD_REQUEST,
      msg: '请上传知识库文档（TXT、Markdown、PDF、Word）',
    });
    const file = await upload(t, token, 'knowledge_doc', Buffer.from('# 标题\n\n正文。'), 'notes.md');
    const added = await t.call<KnowledgeDocument>('POST', `/api/v1/knowledge/${base.id}/document`, {
      token,
      body: { upload_id: file.data.id },
    });
    expect(added.body.data).toMatchObject({
      name: 'notes.md',
      source: 'upload',
      mime: 'text/markdown',
      bytes: file.data.bytes,
      status: 'pending',
      error: null,
      chars: 0,
      passage_count: 0,
    });
    const again = await t.call('POST', `/api/v1/knowledge/${base.id}/document`, {
      token,
      body: { upload_id: file.data.id },
    });
    expect(again.body).toMatchObject({ code: ErrorCode.BAD_REQUEST, msg: '该文件已添加过，请重新上传' });

    for (let i = 0; i < 4; i++) await addText(t, token, base.id, `第${i}篇`, '内容。');
    const first = await t.call<Page<KnowledgeDocument>>(
      'GET',
      `/api/v1/knowledge/${base.id}/document?limit=3`,
      {
        token,
      },
    );
    expect(first.body.data.list.map((d) => d.name)).toEqual(['第3篇', '第2篇', '第1篇']);
    const rest = await t.call<Page<KnowledgeDocument>>(
      'GET',
      `/api/v1/knowledge/${base.id}/document?limit=3&cursor=${first.body.data.next_cursor}`,
      { token },
    );
    expect(rest.body.data.list.map((d) => d.name)).toEqual(['第0篇', 'notes.md']);
    expect(rest.body.data.next_cursor).toBeNull();
  });

  it('lists options for the bot editor: bases with ready documents first', async () => {
    const { t } = k;
    const { token } = await t.login();
    const a = await createBase(t, token, { name: '甲' });
    const b = await createBase(t, token, { name: '乙' });
    const doc = (await addText(t, token, a.id, '文', '内容。')).body.data;
    await t.db.update(knowledgeDocuments).set({ status: 'ready' }).where(eq(knowledgeDocuments.id, doc.id));
    const options = await t.call<KnowledgeOption[]>('GET', '/api/v1/knowledge/options', { token });
    expect(options.body.data).toEqual([
      { id: a.id, name: '甲', cover: '', document_count: 1 },
      { id: b.id, name: '乙', cover: '', document_count: 0 },
    ]);
    const hit = await t.call<HitTestResult>('POST', `/api/v1/knowledge/${b.id}/hit-test`, {
      token,
      body: { query: '内容' },
    });
    expect(hit.body.data).toMatchObject({ list: [], mode: 'lexical' });
  });
});
