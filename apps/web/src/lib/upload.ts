import { UPLOAD_RULES, type UploadCompleteBody, type UploadInfo, type UploadPurpose } from '@lingxi/contract';
import { ApiError } from './api-error';
import { getUploadToken } from './api/get-upload-token';
import { request, REQUEST_MESSAGES } from './request';

/** What the browser sends for one upload; the default transport is XMLHttpRequest, for upload progress. */
export interface UploadRequest {
  url: string;
  method: 'POST' | 'PUT';
  headers: Record<string, string>;
  body: FormData | Blob;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
}
export type UploadTransport = (req: UploadRequest) => Promise<{ status: number; text: string }>;

/** fetch() cannot report upload progress; XMLHttpRequest can. */
export const xhrTransport: UploadTransport = (req) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(req.method, req.url);
    Object.entries(req.headers).forEach(([key, value]) => xhr.setRequestHeader(key, value));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) req.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new ApiError({ message: REQUEST_MESSAGES.serverBusy, kind: 'network' }));
    xhr.ontimeout = () => reject(new ApiError({ message: REQUEST_MESSAGES.serverBusy, kind: 'timeout' }));
    xhr.onabort = () => reject(new ApiError({ message: 'aborted', kind: 'aborted' }));
    if (req.signal?.aborted) return xhr.abort();
    req.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(req.body);
  });

export type UploadProblem = 'type' | 'size';

/** The client's own check before asking for a grant (the server checks again, by content). */
export function checkUploadFile(file: Blob, purpose: UploadPurpose): UploadProblem | null {
  const rule = UPLOAD_RULES[purpose];
  if (file.type && !rule.accept.includes(file.type)) return 'type';
  if (file.size > rule.maxBytes) return 'size';
  return null;
}

export interface UploadOptions {
  purpose: UploadPurpose;
  fileName?: string;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  transport?: UploadTransport;
  /** No error toast: the caller shows the failure itself (e.g. next to each of several files). */
  quiet?: boolean;
}

/**
 * Uploads one file through a grant: GET the grant, send the grant's `fields` and the file (under `file_field`) to
 * `upload_url`; for a direct upload to object storage (`complete_url` set), confirm it there with the login token.
 * Resolves with the stored upload; failures go through the request client's catalogue (toast, login dialog).
 */
export async function uploadFile(file: Blob, options: UploadOptions): Promise<UploadInfo> {
  const { purpose, signal, onProgress } = options;
  const transport = options.transport ?? xhrTransport;
  const name = options.fileName ?? (file instanceof File ? file.name : 'upload');
  const marks = options.quiet ? { hideErrorToast: true } : {};
  const grant = await getUploadToken(purpose, signal, marks);

  let body: FormData | Blob = file;
  if (grant.method === 'POST') {
    const form = new FormData();
    Object.entries(grant.fields).forEach(([key, value]) => form.append(key, value));
    form.append(grant.file_field, file, name);
    body = form;
  }
  const relative = grant.upload_url.startsWith('/');
  const url = relative ? `${request.config.baseURL}${grant.upload_url}` : grant.upload_url;

  let answer: { status: number; text: string };
  try {
    answer = await transport({ url, method: grant.method, headers: grant.headers, body, signal, onProgress });
  } catch (error) {
    const failure =
      error instanceof ApiError ? error : new ApiError({ message: String(error), kind: 'network' });
    return request.fail(failure, marks);
  }
  if (answer.status === 0) {
    return request.fail(new ApiError({ message: REQUEST_MESSAGES.serverBusy, kind: 'network' }), marks);
  }
  onProgress?.(1);

  if (grant.complete_url === null) {
    return request
      .readEnvelope<UploadInfo>(new Response(answer.text, { status: answer.status }))
      .catch((error: unknown) => request.fail(error as ApiError, marks));
  }
  if (answer.status < 200 || answer.status >= 300) {
    return request.fail(
      new ApiError({
        message: REQUEST_MESSAGES.httpStatus(answer.status),
        status: answer.status,
        kind: 'http',
      }),
      marks,
    );
  }
  const complete: UploadCompleteBody = { token: grant.token, name };
  return request.post<UploadInfo>(grant.complete_url, {
    data: complete,
    signal,
    ...marks,
  });
}
