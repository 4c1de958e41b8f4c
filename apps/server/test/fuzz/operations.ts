/** The part of JSON Schema the contract's zod schemas turn into (fastify-type-provider-zod, inline, no $ref). */
export type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
};

/** How a route answers when it does not answer an envelope (docs/testing-suites.md, Fuzz). */
export type Kind = 'json' | 'sse' | 'csv' | 'file' | 'media' | 'wechat-notify';

export type Operation = {
  method: string;
  /** The OpenAPI path, `{name}` for parameters. */
  path: string;
  params: { name: string; schema: Schema }[];
  query: { name: string; schema: Schema }[];
  headers: { name: string; schema: Schema }[];
  body?: Schema;
  kind: Kind;
};

type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; schema: Schema }[];
        requestBody?: { content: Record<string, { schema: Schema }> };
        responses?: Record<string, { content?: Record<string, unknown> }>;
      }
    >
  >;
};

function kindOf(method: string, path: string, jsonAnswer: boolean): Kind {
  if (jsonAnswer) return 'json';
  if (path.endsWith('.csv')) return 'csv';
  if (path.startsWith('/api/v1/pay/wechat/')) return 'wechat-notify';
  if (path.endsWith('/file')) return 'file';
  if (method === 'POST') return 'sse';
  throw new Error(`${method} ${path}: no JSON answer and no known other kind; add it to kindOf`);
}

/**
 * Every operation of the OpenAPI document, and the media routes it hides (outside `/api`, served as images).
 * Fails loudly on a route whose answer the suite does not know how to check, so a new kind is a decision.
 */
export function operationsOf(doc: unknown): Operation[] {
  const ops: Operation[] = [];
  for (const [path, byMethod] of Object.entries((doc as OpenApi).paths)) {
    for (const [method, op] of Object.entries(byMethod)) {
      const params = op.parameters ?? [];
      const jsonAnswer = Object.values(op.responses ?? {}).some((r) => r.content?.['application/json']);
      ops.push({
        method: method.toUpperCase(),
        path,
        params: params.filter((p) => p.in === 'path'),
        query: params.filter((p) => p.in === 'query'),
        headers: params.filter((p) => p.in === 'header'),
        body: op.requestBody?.content['application/json']?.schema,
        kind: kindOf(method.toUpperCase(), path, jsonAnswer),
      });
    }
  }
  const segment: Schema = { type: 'string', maxLength: 80 };
  ops.push(
    {
      method: 'GET',
      path: '/media/avatars/{kind}/{file}',
      params: [
        { name: 'kind', schema: { type: 'string', enum: ['user', 'bot', 'x'] } },
        { name: 'file', schema: segment },
      ],
      query: [],
      headers: [],
      kind: 'media',
    },
    {
      method: 'GET',
      path: '/media/u/{file}',
      params: [{ name: 'file', schema: segment }],
      query: [],
      headers: [],
      kind: 'media',
    },
  );
  return ops;
}
