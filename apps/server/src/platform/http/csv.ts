import type { FastifyReply } from 'fastify';

/**
 * One CSV cell: a spreadsheet runs a cell starting with = + - @ (or a tab or CR before one) as a formula, so
 * such a cell gets a leading apostrophe; quoted when it holds a quote, comma or line break.
 */
export function csvCell(value: unknown): string {
  const text =
    value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A CSV file for spreadsheets: UTF-8 with a BOM (so Excel reads Chinese), CRLF line ends. */
export const csvOf = (rows: unknown[][]) =>
  '\uFEFF' + rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';

/**
 * Answers a CSV download (docs/admin.md, Exports): the file, named for the browser's save dialog (an ASCII name and
 * its UTF-8 form), never cached.
 */
export function sendCsv(reply: FastifyReply, filename: string, rows: unknown[][]) {
  const ascii = filename.replace(/[^\w.-]/g, '_');
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('cache-control', 'private, no-store')
    .header(
      'content-disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
    )
    .send(csvOf(rows));
}

/** An instant as a spreadsheet cell, in China time (the operators' clock): 2026-11-24 09:30:05. */
export const csvTime = (at: Date | null | undefined) =>
  at ? new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ') : '';
