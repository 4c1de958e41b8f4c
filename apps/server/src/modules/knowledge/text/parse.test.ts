import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DocumentError, DocumentFailure } from './errors.js';
import { DOCX_MIME, PDF_MIME, extractText } from './parse.js';
import { chinesePdf, docxFile, encryptedPdf, gbk, imageOnlyPdf, latinPdf } from './test-files.js';

const failure = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DocumentError);
  return (err as DocumentError).message;
};

describe('extractText', () => {
  it('reads plain text and Markdown in any encoding', async () => {
    expect(await extractText(gbk('第一章 总则\r\n本规定适用于全体员工，请认真阅读。'), 'text/plain')).toBe(
      '第一章 总则\n本规定适用于全体员工，请认真阅读。',
    );
    expect(await extractText(Buffer.from('# 标题\n\n- 要点\n'), 'text/markdown; charset=utf-8')).toBe(
      '# 标题\n\n- 要点',
    );
  });

  it('reads a PDF page by page', async () => {
    const pdf = await latinPdf([['Annual leave is fifteen days.', 'Ask your manager first.'], ['Page two.']]);
    expect(await extractText(pdf, PDF_MIME)).toBe(
      'Annual leave is fifteen days.\nAsk your manager first.\n\nPage two.',
    );
  });

  it('reads Chinese from a PDF whose CJK font is not embedded (predefined character map)', async () => {
    const pdf = await chinesePdf(['人工智能是北京大学的研究方向。', '資訊科技與軟體開發。']);
    expect(await extractText(pdf, PDF_MIME)).toBe('人工智能是北京大学的研究方向。\n資訊科技與軟體開發。');
  });

  it('reads a Word document with its headings as Markdown heading lines', async () => {
    const docx = await docxFile([
      { heading: '员工手册', paragraphs: ['年假为十五天。', '病假需要证明 & 审批。'] },
      { heading: '报销', level: 2, paragraphs: ['报销在三十天内完成。'] },
    ]);
    expect(await extractText(docx, DOCX_MIME)).toBe(
      '# 员工手册\n\n年假为十五天。\n病假需要证明 & 审批。\n\n## 报销\n\n报销在三十天内完成。',
    );
  });

  it('fails an encrypted PDF with its own reason', async () => {
    expect(await failure(extractText(encryptedPdf(), PDF_MIME))).toBe(DocumentFailure.ENCRYPTED);
  });

  it('fails a corrupt PDF or Word document', async () => {
    expect(await failure(extractText(randomBytes(4096), PDF_MIME))).toBe(DocumentFailure.CORRUPT);
    const truncated = (await latinPdf([['Some text.']])).subarray(0, 200);
    expect(await failure(extractText(truncated, PDF_MIME))).toBe(DocumentFailure.CORRUPT);
    expect(await failure(extractText(randomBytes(4096), DOCX_MIME))).toBe(DocumentFailure.CORRUPT);
  });

  it('fails a PDF without text (a scan) and an empty document', async () => {
    expect(await failure(extractText(await imageOnlyPdf(), PDF_MIME))).toBe(DocumentFailure.NO_TEXT);
    const empty = await docxFile([{ heading: ' ', paragraphs: [] }]);
    expect(await failure(extractText(empty, DOCX_MIME))).toBe(DocumentFailure.NO_TEXT);
    expect(await failure(extractText(Buffer.from(' \n\n \t'), 'text/plain'))).toBe(DocumentFailure.NO_TEXT);
  });

  it('fails a binary file sent as text, and a format it does not read', async () => {
    expect(await failure(extractText(Buffer.from([0, 1, 2, 3, 0, 0xff]), 'text/plain'))).toBe(
      DocumentFailure.BINARY,
    );
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48]);
    expect(await failure(extractText(png, 'text/plain'))).toBe(DocumentFailure.BINARY);
    const controls = Buffer.from('text\x01\x02\x03\x04\x05 with controls');
    expect(await failure(extractText(controls, 'text/plain'))).toBe(DocumentFailure.BINARY);
    expect(await failure(extractText(Buffer.from('x'), 'image/png'))).toBe(DocumentFailure.UNSUPPORTED);
  });
});
