import { describe, expect, it } from 'vitest';
import { markdownToPlain } from './plain-text';

describe('markdownToPlain', () => {
  it('drops emphasis without leaving spaces where the marks were', () => {
    expect(markdownToPlain('你好，我是**高情商沟通助手**。不知道怎么回消息')).toBe(
      '你好，我是高情商沟通助手。不知道怎么回消息',
    );
    expect(markdownToPlain('`npm i` 然后 ~~不要~~ _再_ 试')).toBe('npm i 然后 不要 再 试');
  });

  it('keeps the words of headings, quotes, lists and links, on one line', () => {
    expect(markdownToPlain('# 标题\n> 引用\n- 一\n2. 二\n[文档](https://x.cn)')).toBe('标题 引用 一 二 文档');
    expect(markdownToPlain('```ts\nconst a = 1;\n```')).toBe('const a = 1;');
  });
});
