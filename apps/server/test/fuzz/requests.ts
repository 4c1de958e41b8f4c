import fc from 'fast-check';
import type { Operation, Schema } from './operations.js';
import { GARBAGE, MULTIPART, OTHER_TYPES } from './garbage.js';
import { hostileValue, Members, toJson, validish } from './values.js';

export type Actor = 'anon' | 'user' | 'operator';

/** Where the actor's current token goes; filled in when the request is sent (tokens are renewed during a run). */
export const TOKEN = '\u0001token\u0001';

export type FuzzRequest = {
  op: Operation;
  actor: Actor;
  method: string;
  target: string;
  headers: [string, string][];
  body?: Buffer;
};

/** The request as a replay needs it: method, target, headers and the body (as text, or base64 when binary). */
export function describe(r: FuzzRequest): string {
  const body = r.body?.length
    ? r.body.toString('utf8').includes('\ufffd')
      ? `base64:${r.body.toString('base64').slice(0, 4000)}`
      : JSON.stringify(r.body.toString('utf8').slice(0, 2000)) +
        (r.body.length > 2000 ? ` …(${r.body.length} bytes)` : '')
    : '(none)';
  const target = r.target.length > 500 ? `${r.target.slice(0, 500)}…(${r.target.length} chars)` : r.target;
  const headers = r.headers.map(
    ([k, v]) => `${k}: ${v.length > 200 ? `${v.slice(0, 200)}…(${v.length})` : v}`,
  );
  return [`${r.method} ${JSON.stringify(target)} as ${r.actor}`, ...headers, `body: ${body}`].join('\n  ');
}

/** Percent-encodes a value's UTF-8 bytes (a lone surrogate becomes U+FFFD's, as a browser would send it). */
const encode = (s: string) =>
  [...Buffer.from(s, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');

const text = (v: unknown) => (typeof v === 'string' ? v : v === null ? 'null' : JSON.stringify(v));

/** Path segments that are no id and no name: traversal, NUL, broken escapes and UTF-8, overlong, raw bytes. */
const hostileSegment = fc.constantFrom(
  '..',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f',
  '%00',
  '1%00',
  '%2500',
  '%ff',
  '%',
  '%E6%B1',
  '%ED%A0%80',
  '%C0%AE%C0%AE',
  '%u0041',
  'a'.repeat(101),
  '9'.repeat(5000),
  '-1',
  '0',
  '1e3',
  '0x1f',
  '1.5',
  '+1',
  '%201',
  '9'.repeat(30),
  'NaN',
  'Infinity',
  '__proto__',
  'constructor',
  encode('汉字'),
  '\xff\xfe',
  ';x',
  '1;x=1',
  '%2F',
  '',
);

function segment(s: Schema, ids: number[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: validish(s, ids).map((v) => encode(text(v))) },
    { weight: 2, arbitrary: fc.constantFrom(...ids).map(String) },
    { weight: 2, arbitrary: hostileSegment },
  );
}

const LONG_VALUE = 'a'.repeat(5000);
const MANY_PARAMS = Array.from({ length: 1200 }, (_, k) => `p${k}=1`).join('&');

/** Query string abuse: repeated keys, arrays and `qs` nesting past its limits, pollution keys, broken bytes. */
function hostileQueryPart(names: string[]): fc.Arbitrary<string> {
  return fc.tuple(fc.constantFrom(...names, 'x', '__proto__', 'constructor'), fc.nat(21)).map(([n, i]) => {
    const forms = (): string[] => [
      `${n}=a&${n}=b`,
      `${n}[]=1`,
      `${n}[a][b][c][d][e][f][g][h]=1`,
      `${n}[0]=1&${n}[1]=2`,
      `${n}[99999]=1`,
      `${n}=%00`,
      `${n}=%ff%fe`,
      `${n}=%ED%A0%80`,
      `${n}`,
      `${n}=`,
      `=${n}`,
      `${n}=${LONG_VALUE}`,
      `__proto__[${n}]=1`,
      `constructor[prototype][${n}]=1`,
      `${n}[__proto__][x]=1`,
      `${n}=NaN&${n}=Infinity`,
      `${n}=1e309`,
      `${n}=-0`,
      `${n}=9007199254740993`,
      MANY_PARAMS,
      `${n}=%&&&`,
      Array.from({ length: 30 }, () => `${n}[]=1`).join('&'),
    ];
    return forms()[i]!;
  });
}

function queryOf(op: Operation, ids: number[]): fc.Arbitrary<string> {
  const known = op.query.map((q) =>
    fc.option(
      validish(q.schema, ids).map((v) => `${q.name}=${encode(text(v))}`),
      { nil: undefined, freq: 2 },
    ),
  );
  const names = op.query.map((q) => q.name);
  return fc
    .tuple(fc.tuple(...known), fc.array(hostileQueryPart(names), { maxLength: 2 }))
    .map(([parts, extra]) => [...parts.filter((p): p is string => !!p), ...extra].join('&'));
}

/** Bytes that are no UTF-8: a stray continuation, an overlong NUL, an encoded surrogate, a cut-off character. */
const BAD_UTF8 = [
  [0xff, 0xfe],
  [0xc0, 0x80],
  [0xed, 0xa0, 0x80],
  [0xf4, 0x90, 0x80, 0x80],
  [0xe6, 0xb1],
  [0x80],
];
const MARK = 'FUZZ-MARK-7f3a';

type Body = { contentType?: string; body?: Buffer };
const json = (v: unknown, contentType = 'application/json'): Body => ({
  contentType,
  body: Buffer.from(toJson(v)),
});

const asMembers = (v: unknown) =>
  v && typeof v === 'object' && !Array.isArray(v) ? Object.entries(v) : ([] as [string, unknown][]);

function bodyOf(op: Operation, ids: number[]): fc.Arbitrary<Body> {
  const garbage: fc.Arbitrary<Body> = fc.oneof(
    fc.constantFrom(...GARBAGE).map((g) => ({ contentType: 'application/json', body: Buffer.from(g) })),
    fc.constant({ contentType: 'application/json', body: Buffer.alloc(0) }),
    fc
      .tuple(fc.constantFrom(...OTHER_TYPES), fc.constantFrom(...MULTIPART, ...GARBAGE))
      .map(([contentType, b]) => ({ contentType, body: Buffer.from(b, 'latin1') })),
    fc.constantFrom(...MULTIPART).map((b) => ({ body: Buffer.from(b, 'latin1') })),
    hostileValue(ids).map((v) => json(v)),
  );
  if (!op.body) {
    const none: fc.Arbitrary<Body> = fc.constant({});
    return fc.oneof({ weight: 6, arbitrary: none }, { weight: 1, arbitrary: garbage });
  }
  const valid = validish(op.body, ids);
  const keys = Object.keys(op.body.properties ?? {});
  const fields = keys.length ? keys : ['x'];
  const stringKeys = keys.filter((k) => op.body!.properties![k]!.type === 'string');
  return fc.oneof(
    { weight: 4, arbitrary: valid.map((v) => json(v)) },
    {
      weight: 4,
      arbitrary: fc
        .tuple(valid, fc.constantFrom(...fields), hostileValue(ids))
        .map(([v, key, bad]) => json(new Members([...asMembers(v).filter(([k]) => k !== key), [key, bad]]))),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(valid, fc.constantFrom(...fields))
        .map(([v, key]) => json(new Members(asMembers(v).filter(([k]) => k !== key)))),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(valid, fc.constantFrom('__proto__', 'constructor', 'prototype', 'extra'), hostileValue(ids))
        .map(([v, key, bad]) => json(new Members([...asMembers(v), [key, bad]]))),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          valid,
          fc.constantFrom(...(stringKeys.length ? stringKeys : fields)),
          fc.constantFrom(...BAD_UTF8),
        )
        .map(([v, key, bytes]) => {
          const [before, after] = toJson(
            new Members([...asMembers(v).filter(([k]) => k !== key), [key, MARK]]),
          ).split(MARK);
          return {
            contentType: 'application/json',
            body: Buffer.concat([Buffer.from(before!), Buffer.from(bytes), Buffer.from(after!)]),
          };
        }),
    },
    { weight: 2, arbitrary: garbage },
    { weight: 1, arbitrary: valid.map((v) => json(v, 'text/plain')) },
  );
}

const LANGUAGES = [
  'zh-CN',
  'zh-Hant',
  'zh-TW,zh;q=0.9',
  'en',
  'fr-CA',
  '*',
  '',
  'xx',
  'zh;q=abc',
  'en;q=2, fr;q=-1',
  ';;;,,,',
  'a'.repeat(5000),
  'zh-Hant-TW-u-nu-hanidec',
  '\xff\xfe',
  'i-klingon',
  'x-'.repeat(200),
];
const GARBAGE_TOKENS = [
  'x',
  'null',
  'undefined',
  '0',
  'a'.repeat(8000),
  '\xff\xfe',
  `${TOKEN}x`,
  `${TOKEN} ${TOKEN}`,
  '../../',
  '%00',
];
const FORWARDED = [
  'unknown',
  '::ffff:1.2.3.4',
  '1.2.3.4, 5.6.7.8',
  '999.999.1.1',
  '',
  '::1',
  'a'.repeat(2000),
];

function headersOf(op: Operation, actor: Actor): fc.Arbitrary<[string, string][]> {
  const auth: fc.Arbitrary<[string, string][]> =
    actor === 'anon'
      ? fc.oneof(
          { weight: 5, arbitrary: fc.constant<[string, string][]>([]) },
          {
            weight: 1,
            arbitrary: fc
              .constantFrom(...GARBAGE_TOKENS.filter((g) => !g.includes(TOKEN)))
              .map((g): [string, string][] => [['token', g]]),
          },
        )
      : fc.oneof(
          { weight: 12, arbitrary: fc.constant<[string, string][]>([['token', TOKEN]]) },
          { weight: 1, arbitrary: fc.constant<[string, string][]>([['authorization', `Bearer ${TOKEN}`]]) },
          {
            weight: 1,
            arbitrary: fc.constantFrom(...GARBAGE_TOKENS).map((g): [string, string][] => [['token', g]]),
          },
          {
            weight: 1,
            arbitrary: fc
              .constantFrom('Basic Og==', 'Bearer', 'x'.repeat(3000))
              .map((g): [string, string][] => [
                ['token', TOKEN],
                ['authorization', g],
              ]),
          },
        );
  const optional = (name: string, values: fc.Arbitrary<string>, freq = 3) =>
    fc.option(
      values.map((v): [string, string] => [name, v]),
      { nil: undefined, freq },
    );
  return fc
    .tuple(
      auth,
      fc.oneof({ weight: 9, arbitrary: fc.ipV4() }, { weight: 1, arbitrary: fc.constantFrom(...FORWARDED) }),
      optional('accept-language', fc.constantFrom(...LANGUAGES)),
      optional(
        'accept',
        fc.constantFrom('*/*', 'image/webp,*/*', 'text/event-stream', 'application/xml', 'text/csv'),
      ),
      optional('accept-encoding', fc.constantFrom('gzip', 'br', 'deflate', 'gzip;q=0, *;q=0', 'x')),
      op.headers.some((h) => h.name === 'idempotency-key')
        ? optional(
            'idempotency-key',
            fc.oneof(fc.uuid(), fc.string(), fc.constantFrom('a'.repeat(300), '\xff', '')),
            1,
          )
        : fc.constant(undefined),
      optional('x-request-id', fc.constantFrom('../x', 'a'.repeat(100), '\xff', 'ok-id')),
    )
    .map(([a, ip, ...rest]) => [
      ...a,
      ['x-forwarded-for', ip],
      ...rest.filter((h): h is [string, string] => !!h),
    ]);
}

/** One request to one operation: the actor, path parameters, query, headers and body, each valid-ish or hostile. */
export function requestOf(op: Operation, ids: number[]): fc.Arbitrary<FuzzRequest> {
  const names = op.params.map((p) => p.name);
  const headers = {
    anon: headersOf(op, 'anon'),
    user: headersOf(op, 'user'),
    operator: headersOf(op, 'operator'),
  };
  return fc
    .record({
      actor: fc.constantFrom<Actor>('anon', 'user', 'user', 'operator', 'operator'),
      method: fc.oneof(
        { weight: 30, arbitrary: fc.constant(op.method) },
        { weight: 1, arbitrary: fc.constant('PATCH') },
      ),
      segments: fc.tuple(...op.params.map((p) => segment(p.schema, ids))),
      query: queryOf(op, ids),
      body: bodyOf(op, ids),
    })
    .chain(({ actor, method, segments, query, body }) =>
      headers[actor].map((headers): FuzzRequest => {
        let path = op.path;
        names.forEach((n, i) => (path = path.replace(`{${n}}`, segments[i]!)));
        const all: [string, string][] = [...headers];
        if (body.contentType !== undefined) all.push(['content-type', body.contentType]);
        const request = {
          op,
          actor,
          method,
          target: query ? `${path}?${query}` : path,
          headers: all,
          body: body.body,
        };
        return Object.assign(request, { [fc.toStringMethod]: () => describe(request) });
      }),
    );
}

/** Any operation, uniformly, then a request to it (each operation's arbitrary built once). */
export function anyRequest(ops: Operation[], ids: number[]) {
  const each = ops.map((op) => requestOf(op, ids));
  return fc.integer({ min: 0, max: ops.length - 1 }).chain((i) => each[i]!);
}
