import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { ApiError } from './api-error';
import { buildHeaders, request, REQUEST_MESSAGES, type RequestClient, type RequestOptions } from './request';

/** One Server-Sent Event, typed by its name: `M` maps each event name to the JSON its data carries. */
export type StreamEvent<M> = { [K in keyof M & string]: { event: K; data: M[K] } }[keyof M & string];

export interface StreamRequestOptions extends Omit<RequestOptions, 'params'> {
  /** The request client whose token, base URL, toast and login dialog apply; the app's one by default. */
  client?: RequestClient;
  /**
   * The events after which the server has said everything (`done`, `error`). Once one has arrived, the answer is
   * read to its end even when the consumer stops reading there: the request then finishes instead of being cut,
   * which the browser would report as net::ERR_ABORTED (and the server as a client gone away).
   */
  finalEvents?: readonly string[];
}

/** After a final event, how long the server may take to end its answer before the connection is closed. */
export const STREAM_DRAIN_MS = 5_000;

function parseData(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Reads what is left of an answer whose last event has arrived; closes the connection if it does not end. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, controller: AbortController) {
  const timer = setTimeout(() => controller.abort(), STREAM_DRAIN_MS);
  try {
    while (!(await reader.read()).done) {
      // Nothing comes after a final event that anyone reads.
    }
  } catch {
    // Cut by the grace period, or the connection broke: the answer was already complete.
  } finally {
    clearTimeout(timer);
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
 * A consumer that stops reading early closes the connection, unless a final event had arrived (`finalEvents`).
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
  /** The answer was read to its end. */
  let finished = false;
  /** A final event was handed to the consumer: the server has nothing more to say. */
  let complete = false;
  let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  try {
    let response: Response;
    try {
      response = await (config.fetch ?? fetch)(`${config.baseURL}${url}`, {
        method: 'POST',
        headers: buildHeaders(
          config.getToken(),
          { Accept: 'text/event-stream, application/json', ...options.headers },
          true,
          config.getLocale(),
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

    reader = response.body.getReader();
    const decoder = new TextDecoder();
    const queue: EventSourceMessage[] = [];
    const parser = createParser({ onEvent: (message) => queue.push(message) });
    try {
      for (;;) {
        const { done, value } = await reader.read();
        parser.feed(done ? decoder.decode() : decoder.decode(value, { stream: true }));
        while (queue.length > 0) {
          const message = queue.shift()!;
          const event = message.event ?? 'message';
          if (options.finalEvents?.includes(event)) complete = true;
          yield { event, data: parseData(message.data) } as StreamEvent<M>;
        }
        if (done) break;
      }
      finished = true;
    } catch (error) {
      return client.fail(toApiError(error, options.signal), options);
    }
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    if (!finished) {
      // The server already said everything: let its answer end by itself rather than cut it.
      if (complete && reader) void drain(reader, controller);
      // The consumer stopped reading early (or something failed): close the connection, the server sees it.
      else controller.abort();
    }
  }
}
