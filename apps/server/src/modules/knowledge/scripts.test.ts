/**
 * Knowledge in traditional and simplified Chinese (docs/i18n.md, "Traditional Chinese in knowledge retrieval"):
 * a document is found by a question in either script, or in a mix of both, with the same scores; the index holds
 * simplified terms only; what the user sees (hit test, citations) is the text as it was written.
 */
import type { Citation, HitTestResult } from '@lingxi/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBot } from '../../../test/bots.js';
import { fakeModels, newConversation, sendMessage } from '../../../test/chat.js';
import { type FakeOpenAi, startFakeOpenAi } from '../../../test/fake-openai.js';
import {
  addText,
  createBase,
  type KnowledgeApp,
  passageIds,
  startKnowledgeApp,
  waitForDocument,
} from '../../../test/knowledge.js';

// Written as a Taiwan, a Hong Kong and a mainland user would write them: every word that matters differs in
// script between a document and the questions asked of it in the other script.
const TAIWAN = '差旅費憑發票在三十天內報銷，逾期的發票財務部門不予受理。';
const HONG_KONG = '員工餐廳的衞生由行政部負責，每週檢查一次廚房。';
const MAINLAND = '软件开发团队每两周发布一个新版本，发布说明写在内部网站上。';
const MIXED = '我們的AI助手支持资讯检索與軟體开发問答，也能總结会议紀要。';

describe('knowledge across Chinese scripts', () => {
  let k: KnowledgeApp;
  let fake: FakeOpenAi;
  let token: string;
  let baseId: number;
  const docs = new Map<string, number>();

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    const m = fakeModels(fake, { 'kb-scripts': { price: 1 } });
    // Lexical retrieval alone: its scores are BM25 over the terms, the part the normalisation decides.
    k = await startKnowledgeApp({ env: { ...m.env, EMBEDDING_MODEL: '', CHAT_RATE_PER_MINUTE: '100' } });
    const { t } = k;
    const me = await t.login();
    token = me.token;
    baseId = (await createBase(t, token, { name: '多地制度' })).id;
    for (const [title, content] of Object.entries({
      報銷: TAIWAN,
      衞生: HONG_KONG,
      发布: MAINLAND,
      助手: MIXED,
    })) {
      const doc = (await addText(t, token, baseId, title, content)).body.data;
      expect((await waitForDocument(t, token, baseId, doc.id)).status).toBe('ready');
      docs.set(title, doc.id);
    }
  });
  afterAll(async () => {
    await k?.destroy();
    await fake?.close();
  });

  async function hitTest(query: string) {
    const res = await k.t.call<HitTestResult>('POST', `/api/v1/knowledge/${baseId}/hit-test`, {
      token,
      body: { query, top_k: 5 },
    });
    expect(res.body.code, res.body.msg).toBe(0);
    return res.body.data.list;
  }

  /** The hits of a question, by document and score: what must not depend on the question's script. */
  const ranking = async (query: string) =>
    (await hitTest(query)).map((p) => [p.document_id, Number(p.score.toFixed(9))]);

  it('finds a Taiwan document by a simplified question, showing the document as written', async () => {
    const [top] = await hitTest('差旅费的发票怎么报销？');
    expect(top).toMatchObject({ document_id: docs.get('報銷'), document: '報銷', content: TAIWAN });
    expect(await ranking('差旅费的发票怎么报销？')).toEqual(await ranking('差旅費的發票怎麼報銷？'));
  });

  it('finds a Hong Kong document (its own variants: 衞, 週) by a simplified or a Taiwan question', async () => {
    const [top] = await hitTest('员工餐厅的卫生谁负责？每周检查吗');
    expect(top).toMatchObject({ document_id: docs.get('衞生'), content: HONG_KONG });
    const simplified = await ranking('员工餐厅的卫生谁负责？每周检查吗');
    expect(await ranking('員工餐廳的衛生誰負責？每週檢查嗎')).toEqual(simplified);
    expect(await ranking('員工餐廳的衞生誰負責？每週檢查嗎')).toEqual(simplified);
  });

  it('finds a simplified document by a traditional question', async () => {
    const [top] = await hitTest('軟體開發團隊多久發佈一個新版本？');
    expect(top).toMatchObject({ document_id: docs.get('发布'), content: MAINLAND });
    expect(await ranking('軟件開發團隊多久發布一個新版本？')).toEqual(
      await ranking('软件开发团队多久发布一个新版本？'),
    );
  });

  it('reads text that mixes the scripts, in the document and in the question', async () => {
    const [top] = await hitTest('會議纪要能总結吗');
    expect(top).toMatchObject({ document_id: docs.get('助手'), content: MIXED });
    expect(await ranking('會議纪要能总結吗')).toEqual(await ranking('会议纪要能总结吗'));
    expect(await ranking('資訊檢索')).toEqual(await ranking('资讯检索'));
  });

  it('indexes simplified terms only, while the passages keep the script they were written in', async () => {
    const ids = [...docs.values()].flatMap((id) => [id]);
    const passages = (await Promise.all(ids.map((id) => passageIds(k.t, id)))).flat();
    const list = sql.join(
      passages.map((id) => sql`${id}`),
      sql`, `,
    );
    const { rows } = (await k.t.db.execute(
      sql`select term from knowledge_postings where passage_id in (${list})`,
    )) as unknown as { rows: { term: string }[] };
    const terms = new Set(rows.map((r) => r.term));
    for (const t of ['报销', '发票', '卫生', '负责', '软件', '资讯', '总结']) expect(terms, t).toContain(t);
    for (const t of ['報銷', '發票', '衞生', '衛生', '負責', '資訊']) expect(terms, t).not.toContain(t);
    const stored = (await k.t.db.execute(
      sql`select content from knowledge_passages where id in (${list}) order by id`,
    )) as unknown as { rows: { content: string }[] };
    expect(stored.rows.map((r) => r.content).sort()).toEqual([TAIWAN, HONG_KONG, MAINLAND, MIXED].sort());
  });

  it('cites a traditional passage in its own script when a simplified question finds it', async () => {
    const { t } = k;
    const bot = await createBot(t, token, { knowledge_base_ids: [baseId] });
    const c = await newConversation(t, token, bot.id);
    const reply = await sendMessage(t, token, c.id, { content: '差旅费的发票要在多少天内报销？' });
    const done = reply.events.find((e) => e.event === 'done');
    expect(done, JSON.stringify(reply.events.at(-1))).toBeDefined();
    const citations: Citation[] = done!.data.message!.citations;
    expect(citations[0]).toMatchObject({ index: 1, document: '報銷', passage: TAIWAN });
    // The offline model quotes the passage it cites, as written.
    expect(done!.data.message!.content).toContain(TAIWAN);
  });
});
