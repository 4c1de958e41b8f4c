import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/** An answer as sent: status, headers and the body's bytes, still compressed if the server compressed them. */
export type RawAnswer = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
};

/**
 * One request over node:http, which (unlike fetch) neither asks for nor undoes a compression, so a test sees the
 * bytes on the wire: what `Accept-Encoding` got, and what a request's own encoding did.
 */
export function rawRequest(
  base: string,
  path: string,
  o: {
    encoding?: string;
    token?: string;
    method?: string;
    body?: Buffer;
    headers?: Record<string, string>;
  } = {},
) {
  return new Promise<RawAnswer>((resolve, reject) => {
    const url = new URL(base);
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: o.method ?? 'GET',
        headers: {
          ...(o.encoding !== undefined ? { 'accept-encoding': o.encoding } : {}),
          ...(o.token ? { token: o.token } : {}),
          ...o.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(o.body);
  });
}

/** The body as sent, undone by its `Content-Encoding`. */
export function decodedBody(r: RawAnswer): Buffer {
  const enc = r.headers['content-encoding'];
  return enc === 'br' ? brotliDecompressSync(r.body) : enc === 'gzip' ? gunzipSync(r.body) : r.body;
}
