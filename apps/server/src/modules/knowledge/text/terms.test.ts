import { describe, expect, it } from 'vitest';
import { indexTerms, normalizeText, passageTerms, queryTerms } from './terms.js';

describe('terms', () => {
  it('keeps words a real segmenter knows as words', () => {
    const terms = queryTerms('人工智能是北京大学的实验室');
    expect(terms).toEqual(['人工智能', '北京大学', '实验室']);
  });

  it('indexes a long word with its parts, so a question about a part finds it', () => {
    const tf = indexTerms('人工智能是北京大学的实验室');
    for (const t of ['人工智能', '人工', '智能', '北京大学', '北京', '大学', '实验室', '实验']) {
      expect(tf.get(t), t).toBe(1);
    }
    expect(queryTerms('智能')).toEqual(['智能']);
  });

  it('gives traditional and simplified Chinese the same terms', () => {
    expect(normalizeText('資訊科技與軟體開發')).toBe('资讯科技与软体开发');
    expect(queryTerms('北京大學的資訊科技')).toEqual(queryTerms('北京大学的资讯科技'));
    expect([...indexTerms('這是資訊。').keys()]).toContain('资讯');
  });

  it('segments traditional text with the simplified dictionary’s words, Hong Kong variants and mixed text too', () => {
    expect(queryTerms('員工餐廳的衞生由行政部負責')).toEqual(queryTerms('员工餐厅的卫生由行政部负责'));
    expect(queryTerms('隨著人工智慧的發展')).toEqual(queryTerms('随着人工智慧的发展'));
    expect(queryTerms('我們的AI助手支持资讯檢索')).toEqual(['我们', 'ai', '助手', '支持', '资讯', '检索']);
    expect([...indexTerms('軟體開發團隊').keys()].sort()).toEqual(
      [...indexTerms('软体开发团队').keys()].sort(),
    );
  });

  it('drops punctuation, white space and stop words, and folds case and full-width forms', () => {
    expect(queryTerms('什么是 ＡＩ？  这个 Model，是 GPT-4 吗！')).toEqual(['ai', 'model', 'gpt', '4']);
  });

  it('counts term frequencies, with the heading counted in a passage', () => {
    const tf = indexTerms('报销需要审批，审批在三十天内完成。');
    expect(tf.get('审批')).toBe(2);
    expect(tf.get('报销')).toBe(1);
    expect(passageTerms({ heading: '员工手册 > 假期', content: '病假需要证明。' }).get('假期')).toBe(1);
  });

  it('segments a 100,000-character text', () => {
    const text = '人工智能是北京大学研究的资讯科技，我们在实验室里做实验。'.repeat(3600);
    const tf = indexTerms(text);
    expect(tf.get('人工智能')).toBe(3600);
    expect(tf.get('实验室')).toBe(3600);
  });
});
