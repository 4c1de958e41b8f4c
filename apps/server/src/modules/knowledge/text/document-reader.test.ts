import { afterAll, describe, expect, it } from 'vitest';
import { DocumentReader } from './document-reader.js';
import { DocumentError, DocumentFailure } from './errors.js';
import { PDF_MIME } from './parse.js';
import { splitPassages } from './split.js';
import { passageTerms, unpackTerms } from './terms.js';
import { chinesePdf, encryptedPdf } from './test-files.js';

const reader = new DocumentReader();
afterAll(() => reader.close());

const reason = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: unknown) => (err instanceof DocumentError ? err.message : err),
  );

describe('DocumentReader', () => {
  it('returns a document’s passages with the terms the index needs', async () => {
    const text =
      '# 员工手册\n\n## 假期\n\n年假十五天，病假需要医院证明。\n\n## 报销\n\n差旅费凭发票在三十天内报销。';
    const read = await reader.read(Buffer.from(text), 'text/markdown');
    const expected = splitPassages(text);
    expect(read.passages.map(({ heading, content }) => ({ heading, content }))).toEqual(expected);
    expect(read.passages.map((p) => new Map(unpackTerms(p.terms)))).toEqual(expected.map(passageTerms));
    expect(read.chars).toBe([...text].length);
  });

  it('reads a Chinese PDF', async () => {
    const pdf = await chinesePdf(['第一条 公司实行标准工时制度。', '第二条 员工享有带薪年假。']);
    const read = await reader.read(pdf, PDF_MIME);
    expect(read.passages.map((p) => p.content).join('\n')).toContain('带薪年假');
  });

  it('gives the owner’s reason for a file that cannot be read, as a DocumentError', async () => {
    expect(await reason(reader.read(encryptedPdf(), PDF_MIME))).toBe(DocumentFailure.ENCRYPTED);
    expect(await reason(reader.read(Buffer.from('%PDF-1.7 broken'), PDF_MIME))).toBe(DocumentFailure.CORRUPT);
    expect(await reason(reader.read(Buffer.from('，。！'), 'text/plain'))).toBe(DocumentFailure.NO_TEXT);
  });

  it('keeps the app’s thread running while a large document is read', async () => {
    const text = Array.from({ length: 20_000 }, (_, i) => `第${i}段：人工智能助手回答用户的问题。`).join(
      '\n\n',
    );
    let timerFired = false;
    const timer = setTimeout(() => (timerFired = true), 5);
    const read = await reader.read(Buffer.from(text), 'text/plain');
    clearTimeout(timer);
    // Read on this thread, the whole text would be split and segmented before a timer could run.
    expect(timerFired).toBe(true);
    expect(read.passages.length).toBeGreaterThan(100);
  });

  it('stops a read when asked, and reads the next document afterwards', async () => {
    const text = Array.from({ length: 50_000 }, (_, i) => `第${i}段：知识库的文档被切分成段落。`).join(
      '\n\n',
    );
    const aborted = reader.read(Buffer.from(text), 'text/plain', AbortSignal.timeout(20));
    await expect(aborted).rejects.toThrow();
    expect(await reason(aborted)).not.toBeInstanceOf(DocumentError);
    const read = await reader.read(Buffer.from('第二份文档的内容。'), 'text/plain');
    expect(read.passages).toHaveLength(1);
  });
});
