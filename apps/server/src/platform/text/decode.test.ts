import { describe, expect, it } from 'vitest';
import { big5, gbk } from '../../../test/files.js';
import { decodeText, NotTextError } from './decode.js';

describe('decodeText', () => {
  it('reads UTF-8, with or without a byte-order mark, with Windows line ends as \\n', () => {
    expect(decodeText(Buffer.from('第一章 总则\r\n年假十五天。\r\n'))).toBe('第一章 总则\n年假十五天。\n');
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('带 BOM 的文本')]);
    expect(decodeText(bom)).toBe('带 BOM 的文本');
  });

  it('reads UTF-16 with a byte-order mark', () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('小端序文本', 'utf16le')]);
    const be = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('大端序文本', 'utf16le').swap16()]);
    expect(decodeText(le)).toBe('小端序文本');
    expect(decodeText(be)).toBe('大端序文本');
  });

  it('detects GBK (simplified) and Big5 (traditional) text', () => {
    const simplified = '第一章 总则\n本规定适用于全体员工，请认真阅读并遵守。年假为十五天。';
    const traditional = '資訊科技與軟體開發，臺灣大學的電腦教室。這是一段繁體中文的測試文字。';
    expect(decodeText(gbk(simplified))).toBe(simplified);
    expect(decodeText(big5(traditional))).toBe(traditional);
  });

  it('reads a few words of GBK that are too short for a sure detection', () => {
    expect(decodeText(gbk('中文'))).toBe('中文');
    expect(decodeText(gbk('年假'))).toBe('年假');
  });

  it('refuses a binary file', () => {
    const binary = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48]);
    expect(() => decodeText(binary)).toThrow(NotTextError);
    const controls = Buffer.from('text\x01\x02\x03\x04\x05 with controls');
    expect(() => decodeText(controls)).toThrow(NotTextError);
  });
});
