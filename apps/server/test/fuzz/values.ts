import fc from 'fast-check';
import type { Schema } from './operations.js';

/** JSON text put into a body as it is: what JSON.stringify cannot write (NaN, 1e309, deep nesting, "\ud800"). */
export class Raw {
  constructor(readonly text: string) {}
}

/** An object as its list of members, so keys may repeat and `__proto__` is an ordinary key on the wire. */
export class Members {
  constructor(readonly entries: [string, unknown][]) {}
}

/** JSON text of a generated value, Raw parts as they are. Iterative in spirit: depth comes only from Raw. */
export function toJson(v: unknown): string {
  if (v instanceof Raw) return v.text;
  if (v instanceof Members)
    return `{${v.entries.map(([k, x]) => `${JSON.stringify(k)}:${toJson(x)}`).join(',')}}`;
  if (Array.isArray(v)) return `[${v.map(toJson).join(',')}]`;
  if (v && typeof v === 'object') return toJson(new Members(Object.entries(v)));
  return JSON.stringify(v) ?? 'null';
}

const HUGE = 100_000;
const huge = (unit: string) => unit.repeat(Math.ceil(HUGE / unit.length));
const nested = (open: string, close: string, n: number) => new Raw(open.repeat(n) + close.repeat(n));

const hostileCache = new Map<string, fc.Arbitrary<unknown>>();

/** Values no field expects: wrong types, odd numbers, huge and broken text, deep nesting, pollution keys. */
export function hostileValue(ids: number[]): fc.Arbitrary<unknown> {
  const key = ids.join(',');
  const cached = hostileCache.get(key) ?? buildHostileValue(ids);
  hostileCache.set(key, cached);
  return cached;
}

const LONG_ARRAY = new Raw(`[${Array(20_000).fill('1').join(',')}]`);

function buildHostileValue(ids: number[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom(null, true, false, 0, -1, '', ' ', [], {}, 'null', 'undefined', 'true', '0', '[]'),
    fc.constantFrom(
      ...['NaN', 'Infinity', '-Infinity', '1e309', '-1e309', '-0', '1e-400', '0.1e1', '00', '0x10'].map(
        (t) => new Raw(t),
      ),
      new Raw('123456789012345678901234567890'),
      new Raw('9007199254740993'),
      new Raw('"\\ud800"'),
      new Raw('"a\\udfffb"'),
      new Raw('"a\\u0000b"'),
      new Raw('"\\ud83d\\ude00\\ud83d"'),
    ),
    fc.constantFrom(2 ** 31, -(2 ** 31) - 1, 2 ** 53, -(2 ** 53), 1.5, 1e21, Number.MAX_VALUE, 5e-324),
    fc.constantFrom('a', '汉', '😀', '<script>alert(1)</script>', '\u202e', 'e\u0301').map(huge),
    fc.string({ maxLength: 8 }).map((s) => `${s}\u0000${s}`),
    fc.constantFrom('\ud800', 'a\udc00b', '\ud83d', '\udfff\ud800'),
    fc.string({ unit: 'binary', maxLength: 12 }),
    fc.integer({ min: 20, max: 5000 }).map((n) => nested('[', ']', n)),
    fc.integer({ min: 20, max: 3000 }).map((n) => new Raw('{"a":'.repeat(n) + '1' + '}'.repeat(n))),
    fc.constant(LONG_ARRAY),
    fc.constantFrom(
      new Members([['__proto__', { admin: true, role: 'admin' }]]),
      new Members([['constructor', { prototype: { admin: true } }]]),
      new Members([
        ['a', 1],
        ['a', 2],
      ]),
    ),
    fc.constantFrom(...ids),
    fc.constantFrom(
      '../../etc/passwd',
      '/media/../../x',
      'javascript:alert(1)',
      "' or 1=1 --",
      '%00',
      '${x}',
    ),
    fc.jsonValue({ maxDepth: 2 }),
  );
}

const dateText = fc
  .date({ min: new Date('1900-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
  .map((d) => d.toISOString());

/** Han characters, emoji (a surrogate pair), a combining mark, a joined family: what users type besides ASCII. */
const WIDE_UNIT = fc.oneof(
  fc.integer({ min: 0x4e00, max: 0x9fff }).map((c) => String.fromCharCode(c)),
  fc.constantFrom('😀', 'e\u0301', '👨‍👩‍👧', '\u200b', '\u202e', '\ufeff', 'ｱ'),
);
const plainStrings = new Map<string, fc.Arbitrary<string>>();

function stringOf(s: Schema): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(s.maxLength ?? 40, 60));
  if (s.format === 'date') return dateText.map((d) => d.slice(0, 10));
  if (s.format === 'date-time') return dateText;
  const key = `${minLength}:${maxLength}`;
  // Built once per length range, then shared by every operation.
  const plain =
    plainStrings.get(key) ??
    fc.oneof(
      fc.string({ minLength, maxLength }),
      fc.string({ minLength, maxLength, unit: WIDE_UNIT }),
      fc.constantFrom('测试', '你好世界', '13800138000', 'https://example.com/a.png', '/media/u/x.png'),
    );
  plainStrings.set(key, plain);
  if (!s.pattern) return plain;
  const matching = patterns.get(s.pattern) ?? matchingOf(s.pattern);
  patterns.set(s.pattern, matching);
  return matching ? fc.oneof(matching, plain) : plain;
}

/** Strings of a pattern, built once per pattern (slow to set up); null for one fast-check cannot read. */
const patterns = new Map<string, fc.Arbitrary<string> | null>();
function matchingOf(pattern: string) {
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    return null;
  }
}

function numberOf(s: Schema, integer: boolean, ids: number[]): fc.Arbitrary<number> {
  const lo = typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum : (s.minimum ?? -1e6);
  const hi = typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum : (s.maximum ?? 1e6);
  const min = Math.max(lo, -1e9);
  const max = Math.min(hi, 1e9);
  const inRange = integer
    ? fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) })
    : fc.double({ min, max, noNaN: true });
  return integer && ids.length ? fc.oneof(inRange, fc.constantFrom(...ids)) : inRange;
}

/**
 * Values that mostly pass the schema (enums, lengths and ranges kept, patterns where fast-check can read
 * them), so that requests reach the services and their rules, not only the validator. Ids come from `ids`
 * (other users' rows and rows that do not exist) as often as from the schema's range.
 */
export function validish(s: Schema, ids: number[], depth = 0): fc.Arbitrary<unknown> {
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => validish(a, ids, depth)));
  if (s.allOf?.length) return validish(s.allOf[0]!, ids, depth);
  const inner = validishOfType(s, ids, depth);
  return s.nullable ? fc.oneof(inner, fc.constant(null)) : inner;
}

function validishOfType(s: Schema, ids: number[], depth: number): fc.Arbitrary<unknown> {
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      return stringOf(s);
    case 'integer':
      return numberOf(s, true, ids);
    case 'number':
      return numberOf(s, false, ids);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(
        s.items && depth < 4 ? validish(s.items, ids, depth + 1) : fc.jsonValue({ maxDepth: 1 }),
        {
          minLength: s.minItems ?? 0,
          maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? 4, 6)),
        },
      );
    case 'object': {
      const props = s.properties ?? {};
      if (!Object.keys(props).length || depth >= 4)
        return fc.dictionary(fc.string({ maxLength: 8 }), fc.string());
      const model = Object.fromEntries(
        Object.entries(props).map(([k, v]) => [k, validish(v, ids, depth + 1)]),
      );
      return fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in props) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}
