import OpenAI from 'openai';

/** Turns texts into vectors with one model; the vectors of one model are comparable with each other. */
export interface Embedder {
  readonly model: string;
  embed(texts: string[], signal?: AbortSignal): Promise<number[][]>;
}

/** Inputs per request: OpenAI allows 2,048, several Chinese vendors far fewer (DashScope 10, Zhipu 64). */
const BATCH = 10;
/** Characters of one input: passages are far shorter; a query is cut to this. */
const INPUT_MAX = 2_000;

/**
 * Any OpenAI-compatible `/embeddings` API (OpenAI, DashScope text-embedding-v3, Zhipu embedding-3, Ollama,
 * vLLM …) through the official client. Inputs go in batches; the answer's vectors are put back in input
 * order (the API returns each with its index).
 */
export class OpenAiEmbedder implements Embedder {
  private readonly client: OpenAI;
  private readonly batchSize: number;

  constructor(
    readonly model: string,
    opts: { baseUrl: string; apiKey: string; timeoutMs?: number; batchSize?: number },
  ) {
    this.batchSize = opts.batchSize ?? BATCH;
    this.client = new OpenAI({
      baseURL: opts.baseUrl,
      apiKey: opts.apiKey || 'none',
      timeout: opts.timeoutMs ?? 60_000,
      maxRetries: 0,
    });
  }

  async embed(texts: string[], signal?: AbortSignal): Promise<number[][]> {
    const out: number[][] = [];
    for (let i = 0; i < texts.length; i += this.batchSize) {
      const input = texts.slice(i, i + this.batchSize).map((t) => t.slice(0, INPUT_MAX) || ' ');
      const res = await this.client.embeddings.create(
        { model: this.model, input, encoding_format: 'float' },
        { signal },
      );
      const vectors = [...res.data].sort((a, b) => a.index - b.index).map((d) => d.embedding);
      if (vectors.length !== input.length || vectors.some((v) => !v?.length)) {
        throw new Error(
          `embedding model ${this.model} answered ${vectors.length} vectors for ${input.length}`,
        );
      }
      out.push(...vectors);
    }
    return out;
  }
}
