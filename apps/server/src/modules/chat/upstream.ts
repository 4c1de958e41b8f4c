import type { SseStream } from '../../platform/http/sse.js';
import {
  LlmError,
  type LlmEvent,
  type LlmProvider,
  type LlmRequest,
  type LlmUsage,
} from '../../platform/llm/index.js';

/** How a relayed reply ended: its text, the model's usage, and whether it was stopped or failed. */
export type Relayed = {
  text: string;
  usage: LlmUsage | null;
  /** The model's finish reason, or `stopped` when the client went away. */
  finishReason: string;
  stopped: boolean;
  /** A model failure (never set when the user stopped the reply). */
  failure: LlmError | null;
};

/**
 * A model request started ahead of time: the first event is already on its way while the reply's rows are
 * written, so the database work of a reply overlaps the model's time to first token instead of adding to it.
 */
export class EarlyUpstream {
  readonly abort = new AbortController();
  private readonly iterator: AsyncIterator<LlmEvent>;
  private readonly first: Promise<IteratorResult<LlmEvent>>;

  constructor(llm: LlmProvider, request: Omit<LlmRequest, 'signal'>) {
    this.iterator = llm.stream({ ...request, signal: this.abort.signal })[Symbol.asyncIterator]();
    this.first = this.iterator.next();
    // Handled where it is awaited; this only keeps an early failure from being reported as unhandled.
    this.first.catch(() => undefined);
  }

  /** Cancels the request (the reply was refused after all, or the user stopped it). */
  cancel() {
    this.abort.abort();
  }

  /**
   * The events, first one included. A plain iterator over the provider's (not one more async generator):
   * every delta of every reply passes here, and a generator layer costs a few promises per delta.
   */
  events(): AsyncIterable<LlmEvent> {
    let first: Promise<IteratorResult<LlmEvent>> | null = this.first;
    const iterator = this.iterator;
    return {
      [Symbol.asyncIterator]: () => ({
        next: () => {
          const next = first ?? iterator.next();
          first = null;
          return next;
        },
        return: async () => (await iterator.return?.()) ?? { done: true, value: undefined },
      }),
    };
  }
}

/** A reply not yet relayed. */
export const notRelayed = (): Relayed => ({
  text: '',
  usage: null,
  finishReason: 'stop',
  stopped: false,
  failure: null,
});

/**
 * Writes the model's deltas to the client the moment they arrive, cancelling the model when the client goes
 * away, and reports how the reply ended into `r` (whose text grows as the reply is written). Never throws.
 */
export async function relay(
  upstream: EarlyUpstream,
  sse: SseStream,
  onFailure: (err: LlmError) => void,
  r: Relayed = notRelayed(),
) {
  sse.onClose(() => upstream.cancel());
  if (sse.closed) upstream.cancel();
  try {
    for await (const ev of upstream.events()) {
      if (ev.type === 'delta') {
        r.text += ev.text;
        sse.send('delta', { text: ev.text });
      } else {
        r.usage = ev.usage;
        r.finishReason = ev.finishReason;
      }
    }
  } catch (err) {
    r.failure = asLlmError(err);
  }
  r.stopped = upstream.abort.signal.aborted;
  if (r.stopped) {
    r.failure = null;
    r.finishReason = 'stopped';
  } else if (r.failure) {
    onFailure(r.failure);
  }
  return r;
}

export const asLlmError = (err: unknown) =>
  err instanceof LlmError ? err : new LlmError('upstream', '回复生成失败，请稍后再试', err);
