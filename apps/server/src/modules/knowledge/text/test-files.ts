/**
 * Knowledge documents made on the spot for tests (this module's and the ingestion's): real PDFs (Latin text
 * with a standard font; Chinese text with a CJK font that is not embedded, as Chinese office software writes
 * them), an encrypted PDF, a real DOCX with headings, GBK and Big5 text. Test-only: nothing in the server
 * imports this file, so the bundle never carries pdf-lib or docx.
 */
import { randomBytes } from 'node:crypto';
import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import {
  PDFArray,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFOperator,
  PDFOperatorNames as Ops,
  PDFNumber,
  PDFString,
  StandardFonts,
} from 'pdf-lib';

export { big5, gbk } from '../../../../test/files.js';

/** A PDF with one page per entry, each line drawn in Helvetica (Latin text only). */
export async function latinPdf(pages: string[][]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage([500, 700]);
    lines.forEach((line, i) => page.drawText(line, { x: 40, y: 650 - i * 20, size: 12, font }));
  }
  return Buffer.from(await doc.save());
}

/**
 * A PDF of Chinese lines in the Adobe-GB1 font STSong-Light, not embedded, its text encoded with the predefined
 * character map UniGB-UCS2-H (UCS-2 code units): reading it needs the character maps pdfjs ships.
 */
export async function chinesePdf(lines: string[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const ctx = doc.context;
  const descriptor = ctx.register(
    ctx.obj({
      Type: 'FontDescriptor',
      FontName: 'STSong-Light',
      Flags: 6,
      FontBBox: [-25, -254, 1000, 880],
      ItalicAngle: 0,
      Ascent: 880,
      Descent: -120,
      CapHeight: 880,
      StemV: 80,
    }),
  );
  const cidFont = ctx.register(
    ctx.obj({
      Type: 'Font',
      Subtype: 'CIDFontType0',
      BaseFont: 'STSong-Light',
      CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('GB1'), Supplement: 4 },
      FontDescriptor: descriptor,
      DW: 1000,
    }),
  );
  const font = ctx.register(
    ctx.obj({
      Type: 'Font',
      Subtype: 'Type0',
      BaseFont: 'STSong-Light-UniGB-UCS2-H',
      Encoding: 'UniGB-UCS2-H',
      DescendantFonts: PDFArray.withContext(ctx),
    }),
  );
  (ctx.lookup(font) as unknown as { get(n: PDFName): PDFArray })
    .get(PDFName.of('DescendantFonts'))
    .push(cidFont);
  const page = doc.addPage([500, 700]);
  page.node.setFontDictionary(PDFName.of('F1'), font);
  const ucs2 = (s: string) => Buffer.from(s, 'utf16le').swap16().toString('hex').toUpperCase();
  page.pushOperators(
    PDFOperator.of(Ops.BeginText),
    PDFOperator.of(Ops.SetFontAndSize, [PDFName.of('F1'), PDFNumber.of(14)]),
    PDFOperator.of(Ops.SetTextLineHeight, [PDFNumber.of(20)]),
    PDFOperator.of(Ops.MoveText, [PDFNumber.of(40), PDFNumber.of(650)]),
    ...lines.flatMap((line) => [
      PDFOperator.of(Ops.ShowText, [PDFHexString.of(ucs2(line))]),
      PDFOperator.of(Ops.NextLine),
    ]),
    PDFOperator.of(Ops.EndText),
  );
  return Buffer.from(await doc.save());
}

/** A PDF whose page has only a filled rectangle (like a scan): no text to read. */
export async function imageOnlyPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([500, 700]).drawRectangle({ x: 50, y: 50, width: 400, height: 600 });
  return Buffer.from(await doc.save());
}

/**
 * A PDF encrypted with the Standard security handler (RC4, revision 2) under an unknown user password: its
 * /O and /U entries are random, so no empty password opens it.
 */
export function encryptedPdf(): Buffer {
  const hex = (n: number) => randomBytes(n).toString('hex');
  const objects = [
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Kids[3 0 R]/Count 1>>',
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>',
    `<</Filter/Standard/V 1/R 2/Length 40/O<${hex(32)}>/U<${hex(32)}>/P -44>>`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  const id = hex(16);
  body += `trailer\n<</Size ${objects.length + 1}/Root 1 0 R/Encrypt 4 0 R/ID[<${id}><${id}>]>>\n`;
  body += `startxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A Word document: each section a Heading 1 (or Heading 2 with `level: 2`) and its paragraphs. */
export async function docxFile(sections: { heading: string; level?: 1 | 2; paragraphs: string[] }[]) {
  const doc = new Document({
    sections: [
      {
        children: sections.flatMap((s) => [
          new Paragraph({
            text: s.heading,
            heading: s.level === 2 ? HeadingLevel.HEADING_2 : HeadingLevel.HEADING_1,
          }),
          ...s.paragraphs.map((p) => new Paragraph({ children: [new TextRun(p)] })),
        ]),
      },
    ],
  });
  return Packer.toBuffer(doc);
}
