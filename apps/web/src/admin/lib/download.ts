import { request } from '../../lib/request';

/**
 * Downloads a file the API answers (a CSV export) with the operator's token, and hands it to the browser's save
 * dialog under `filename`. A refusal arrives as an envelope and is shown like any other.
 */
export async function downloadFile(url: string, filename: string, params?: Record<string, unknown>) {
  const blob = await request.download(url, { params, timeout: 120_000 });
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
