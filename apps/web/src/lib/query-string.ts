/** What qs (RFC 3986) leaves as it is: letters, digits and `-_.~`; encodeURIComponent also spares `!'()*`. */
const encode = (text: string) =>
  encodeURIComponent(text.replace(/\p{Cs}/gu, '\uFFFD')).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

function add(out: string[], key: string, value: unknown) {
  if (value === undefined || value === null || typeof value === 'function' || typeof value === 'symbol')
    return;
  if (value instanceof Date) return void out.push(`${encode(key)}=${encode(value.toISOString())}`);
  if (Array.isArray(value)) return value.forEach((item, i) => add(out, `${key}[${i}]`, item));
  if (typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) add(out, `${key}[${k}]`, v);
    return;
  }
  out.push(`${encode(key)}=${encode(String(value as string | number | boolean | bigint))}`);
}

/**
 * A query string as `qs.stringify(params, { skipNulls: true })` writes it (the server parses with qs), without
 * shipping qs and its helpers to every page (docs/performance.md): null and undefined left out, arrays as `a[0]=`,
 * objects as `a[b]=`, dates as ISO strings, all percent-encoded.
 */
export function stringifyQuery(params: Record<string, unknown>): string {
  const out: string[] = [];
  for (const [key, value] of Object.entries(params)) add(out, key, value);
  return out.join('&');
}
