import { describe, expect, it } from 'vitest';
import { plainText } from './plain-text';

describe('plainText', () => {
  it('keeps the words of headings, lists, quotes and emphasis, on one line', () => {
    expect(plainText('# 春天\n\n- **第一句**：春风又绿\n- 第二句 _江南岸_\n> 引用 ~~删掉~~')).toBe(
      '春天 第一句：春风又绿 第二句 江南岸 引用 删掉',
    );
    expect(plainText('1. 先做这个\n2) 再做那个')).toBe('先做这个 再做那个');
  });

  it('drops code fences but keeps the code, and the marks of inline code', () => {
    expect(plainText('看这段：\n```ts\nconst a = 1;\n```\n用 `npm i` 安装')).toBe(
      '看这段： const a = 1; 用 npm i 安装',
    );
  });

  it('keeps a link’s or an image’s text, not its target', () => {
    expect(plainText('见[文档](https://example.com/a)和![图](/media/x.png)')).toBe('见文档和图');
  });

  it('reads a table as its cells, without the rule under the header', () => {
    expect(plainText('| 名称 | 价格 |\n| --- | :---: |\n| 苹果 | 3 |')).toBe('名称 价格 苹果 3');
  });

  it('leaves plain text and a thematic break’s neighbours alone', () => {
    expect(plainText('  你好，\n\n世界  ')).toBe('你好， 世界');
    expect(plainText('上面\n\n---\n\n下面')).toBe('上面 下面');
    expect(plainText('3 - 2 = 1，C# 也行')).toBe('3 - 2 = 1，C# 也行');
    expect(plainText('')).toBe('');
  });

  it('drops emphasis without leaving spaces where the marks were', () => {
    expect(plainText('你好，我是**高情商沟通助手**。不知道怎么回消息')).toBe(
      '你好，我是高情商沟通助手。不知道怎么回消息',
    );
  });
});
