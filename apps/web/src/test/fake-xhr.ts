import { act } from '@testing-library/react';

type ProgressEvent = { lengthComputable: boolean; loaded: number; total: number };

/**
 * The browser's XMLHttpRequest as the upload uses it: the test drives progress and the answer. Install with
 * `vi.stubGlobal('XMLHttpRequest', FakeXhr)`; every request sent is in `FakeXhr.sent`, newest last.
 */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  static reset() {
    FakeXhr.sent = [];
  }
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  url = '';
  body: unknown = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  abort() {}
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  /** The name of the file in the multipart body. */
  get fileName(): string {
    const file = (this.body as FormData).get('file');
    return file instanceof File ? file.name : '';
  }
  progress(loaded: number, total = 100) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  /** Answers with an envelope. */
  answer(envelope: { code: number; msg?: string; data?: unknown }, status = 200) {
    this.status = status;
    this.responseText = JSON.stringify({ msg: 'ok', data: null, ...envelope });
    act(() => this.onload?.());
  }
}
