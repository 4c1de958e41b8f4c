import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { ApiError } from './api-error';
import { buildHeaders, request, REQUEST_MESSAGES, type RequestClient, type RequestOptions } from './request';

/** One Server-Sent Event, typed by its name: `M` maps each event name to the JSON its data carries. */
export type StreamEvent<M> = { [K in keyof M & string]: { event: K; data: M[K] } }[keyof M & string];

export interface StreamRequestOptions extends Omit<RequestOptions, 'params'> {
  /** The request client whose token, base URL, toast and login dialog apply; the app's one by default. */
  client?: RequestClient;
}

function parseData(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toApiError(error: unknown, signal: AbortSignal | undefined): ApiError {
  if (error instanceof ApiError) return error;
  const cause = error as { name?: string; message?: string };
  const kind = signal?.aborted ? 'aborted' : cause?.name === 'TimeoutError' ? 'timeout' : 'network';
  return new ApiError({ message: cause?.message || String(error), kind });
}

/**
 * POST a JSON body and read the answer as a Server-Sent Events stream, event by event.
 *
 * The server refuses a stream (validation, not logged in, insufficient chips, rate limit) with a normal JSON
 * envelope: that answer goes through the request client's error catalogue (toast or login dialog) and rejects with
 * its ApiError, exactly like any other call. Aborting `signal` closes the connection and rejects with an ApiError of
 * kind `aborted` (no toast). The time-out covers the wait for the answer to start, not the stream itself.
 */
export async function* streamRequest<M>(
  url: string,
  options: StreamRequestOptions = {},
): AsyncGenerator<StreamEvent<M>, void, undefined> {
  const client = options.client ?? request;
  const { config } = client;
  const controller = new AbortController();
  const onAbort = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) onAbort();
  else options.signal?.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(
    () => controller.abort(new DOMException('signal timed out', 'TimeoutError')),
    options.timeout ?? config.timeout,
  );
  let finished = false;
  try {
    let response: Response;
    try {
      response = await (config.fetch ?? fetch)(`${config.baseURL}${url}`, {
        method: 'POST',
        headers: buildHeaders(
          config.getToken(),
          { Accept: 'text/event-stream, application/json', ...options.headers },
          true,
        ),
        body: JSON.stringify(options.data ?? {}),
        signal: controller.signal,
      });
    } catch (error) {
      return client.fail(toApiError(error, options.signal), options);
    } finally {
      clearTimeout(timer);
    }

    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || !type.includes('text/event-stream') || !response.body) {
      try {
        await client.readEnvelope(response);
      } catch (error) {
        return client.fail(toApiError(error, options.signal), options);
      }
      // A success envelope where a stream was expected: nothing can be shown, so it is a failure too.
      return client.fail(
        new ApiError({ message: REQUEST_MESSAGES.serverBusy, status: response.status, kind: 'http' }),
        options,
      );
    }

    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    const queue: EventSourceMessage[] = [];
    const parser = createParser({ onEvent: (message) => queue.push(message) });
    try {
      for (;;) {
        const { done, value } = await reader.read();
        parser.feed(done ? decoder.decode() : decoder.decode(value, { stream: true }));
        while (queue.length > 0) {
          const message = queue.shift()!;
          yield { event: message.event ?? 'message', data: parseData(message.data) } as StreamEvent<M>;
        }
        if (done) break;
      }
      finished = true;
    } catch (error) {
      return client.fail(toApiError(error, options.signal), options);
    } finally {
      reader.releaseLock();
    }
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    // The consumer stopped reading early (or something failed): close the connection, the server sees it.
    if (!finished) controller.abort();
  }
}
