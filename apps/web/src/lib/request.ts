import { NOT_LOGGED_IN_CODES, REQUEST_TIMEOUT_MS } from '@lingxi/contract';
import { ApiError } from './api-error';
import { stringifyQuery } from './query-string';
import { REQUEST_MESSAGES } from '../locales/request-messages';

export { REQUEST_MESSAGES };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  /** Query string, written as qs writes it (query-string.ts). */
  params?: Record<string, unknown>;
  /** JSON body. */
  data?: unknown;
  /** Extra headers; a header whose value is undefined is dropped. */
  headers?: Record<string, string | undefined>;
  timeout?: number;
  signal?: AbortSignal;
  /** Marker: a failed call shows no error toast. */
  hideErrorToast?: boolean;
  /** Marker: a not-logged-in failure shows no login dialog. */
  noLoginDialog?: boolean;
}

export interface RequestClientConfig {
  baseURL: string;
  timeout: number;
  getToken: () => string | null;
  toast: (message: string) => void;
  /** Ask whether to go to login; resolves true on confirm. */
  confirm: (message: string) => Promise<boolean>;
  relogin: () => void;
  /** The UI's locale, sent as `Accept-Language`: the server localises the data it owns by it (docs/i18n.md). */
  getLocale: () => string | null;
  fetch?: typeof fetch;
}

type Body = BodyInit | undefined;

export function buildHeaders(
  token: string | null,
  extra: Record<string, string | undefined> | undefined,
  json: boolean,
  locale: string | null = null,
): Record<string, string> {
  const merged: Record<string, string | undefined> = {
    Accept: 'application/json',
    ...(locale ? { 'Accept-Language': locale } : {}),
    ...(json ? { 'Content-Type': 'application/json' } : {}),
    ...(token ? { token } : {}),
    ...extra,
  };
  return Object.fromEntries(
    Object.entries(merged).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

function isEnvelope(body: unknown): body is { code: number; msg?: unknown; data?: unknown } {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number';
}

function parseBody(text: string): unknown {
  if (!text) return '';
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createRequestClient(initial: Partial<RequestClientConfig> = {}) {
  const config: RequestClientConfig = {
    baseURL: '',
    timeout: REQUEST_TIMEOUT_MS,
    getToken: () => null,
    toast: (message) => console.warn(message),
    confirm: () => Promise.resolve(false),
    relogin: () => undefined,
    getLocale: () => null,
    ...initial,
  };
  let loginDialogOpen = false;

  function fail(error: ApiError, options: RequestOptions): never {
    if (error.isNotLoggedIn) {
      if (!options.noLoginDialog && !loginDialogOpen) {
        loginDialogOpen = true;
        void config
          .confirm(REQUEST_MESSAGES.loginConfirm)
          .then((ok) => {
            if (ok) config.relogin();
          })
          .finally(() => {
            loginDialogOpen = false;
          });
      }
    } else if (!options.hideErrorToast && error.kind !== 'aborted') {
      config.toast(error.message);
    }
    throw error;
  }

  function transportFailure(status: number, body: unknown): ApiError {
    let message: string;
    if (typeof body === 'string' && body.trim() !== '') message = body;
    else if (status === 500) message = REQUEST_MESSAGES.internalError;
    else message = REQUEST_MESSAGES.httpStatus(status);
    return new ApiError({
      message,
      status,
      kind: 'http',
      code: isEnvelope(body) ? body.code : -1,
      data: body,
    });
  }

  function handleEnvelope<T>(status: number, body: unknown): T {
    if (!isEnvelope(body)) {
      // A 2xx whose body is no envelope is a transport failure too: its text is shown as is.
      const message = typeof body === 'string' && body.trim() !== '' ? body : REQUEST_MESSAGES.serverBusy;
      throw new ApiError({ message, status, kind: 'http', data: body });
    }
    if (body.code === 0) return body.data as T;
    const notLoggedIn = NOT_LOGGED_IN_CODES.includes(body.code);
    const msg = typeof body.msg === 'string' ? body.msg.trim() : '';
    throw new ApiError({
      message: notLoggedIn ? REQUEST_MESSAGES.notLoggedIn : msg || REQUEST_MESSAGES.serverBusy,
      code: body.code,
      status,
      kind: 'business',
      data: body.data,
    });
  }

  async function send<T>(
    method: HttpMethod,
    url: string,
    options: RequestOptions,
    body: Body,
    json: boolean,
    read: (response: Response) => Promise<T>,
  ): Promise<T> {
    const controller = new AbortController();
    const timeout = options.timeout ?? config.timeout;
    const timer = setTimeout(
      () => controller.abort(new DOMException('signal timed out', 'TimeoutError')),
      timeout,
    );
    const onAbort = () => controller.abort(options.signal?.reason);
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener('abort', onAbort, { once: true });
    const query = options.params ? stringifyQuery(options.params) : '';
    const target = `${config.baseURL}${url}${query ? (url.includes('?') ? '&' : '?') + query : ''}`;
    try {
      const response = await (config.fetch ?? fetch)(target, {
        method,
        headers: buildHeaders(config.getToken(), options.headers, json, config.getLocale()),
        body,
        signal: controller.signal,
      });
      return await read(response);
    } catch (error) {
      if (error instanceof ApiError) return fail(error, options);
      const cause = error as { name?: string; message?: string };
      const aborted = options.signal?.aborted === true;
      return fail(
        new ApiError({
          message: cause?.message || String(error),
          kind: aborted ? 'aborted' : cause?.name === 'TimeoutError' ? 'timeout' : 'network',
        }),
        options,
      );
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    }
  }

  async function readEnvelope<T>(response: Response): Promise<T> {
    const body = parseBody(await response.text());
    if (!response.ok) throw transportFailure(response.status, body);
    return handleEnvelope<T>(response.status, body);
  }

  function request<T>(method: HttpMethod, url: string, options: RequestOptions = {}): Promise<T> {
    // The JSON content type goes with a JSON body only: a bodiless POST labelled JSON is refused by strict servers.
    const hasBody = options.data !== undefined && method !== 'GET';
    return send(
      method,
      url,
      options,
      hasBody ? JSON.stringify(options.data) : undefined,
      hasBody,
      readEnvelope<T>,
    );
  }

  return {
    config,
    /** The shared failure path (toast, login dialog, then reject): for callers that read a response themselves. */
    fail,
    readEnvelope,
    configure(patch: Partial<RequestClientConfig>) {
      Object.assign(config, patch);
    },
    request,
    get: <T>(url: string, options?: RequestOptions) => request<T>('GET', url, options),
    post: <T>(url: string, options?: RequestOptions) => request<T>('POST', url, options),
    put: <T>(url: string, options?: RequestOptions) => request<T>('PUT', url, options),
    delete: <T>(url: string, options?: RequestOptions) => request<T>('DELETE', url, options),
    /** Multipart upload: the file under `name` plus extra form fields; the answer is an envelope. */
    upload<T>(
      url: string,
      file: Blob,
      options: RequestOptions & { name?: string; fileName?: string; formData?: Record<string, string> } = {},
    ): Promise<T> {
      const form = new FormData();
      Object.entries(options.formData ?? {}).forEach(([key, value]) => form.append(key, value));
      form.append(options.name ?? 'file', file, options.fileName);
      return send('POST', url, options, form, false, readEnvelope<T>);
    },
    /** Binary download; a JSON envelope answer (an error) goes through the catalogue. */
    download(url: string, options: RequestOptions = {}): Promise<Blob> {
      return send('GET', url, options, undefined, false, async (response) => {
        const type = response.headers.get('content-type') ?? '';
        if (response.ok && !type.includes('application/json')) return response.blob();
        return readEnvelope<Blob>(response);
      });
    },
  };
}

export type RequestClient = ReturnType<typeof createRequestClient>;

/** The app's client; `app/wire-request.ts` plugs in the token, the toast, the dialog and relogin. */
export const request = createRequestClient();
