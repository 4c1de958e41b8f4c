import { connect } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/** One request as bytes go on the wire: the target and header values may hold any byte, the body any bytes. */
export type RawRequest = {
  method: string;
  /** Path and query string, as bytes (latin1: one char per byte), sent unescaped. */
  target: string;
  headers: [string, string][];
  body?: Buffer;
};

export type RawResponse = {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
};

/**
 * Sends one request over its own connection (`Connection: close`) and reads the whole answer, so that nothing
 * the client library would refuse or tidy (raw bytes in the path, broken UTF-8, duplicate headers) gets in the
 * way. A stream (SSE) is read to its end. Rejects when the server drops the connection without an answer or
 * takes longer than `timeoutMs`.
 */
export function sendRaw(port: number, req: RawRequest, timeoutMs = 30_000): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no complete answer within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', (err) => {
      // A reset after the answer arrived in full is the server closing a connection it answered.
      const got = tryParse(Buffer.concat(chunks));
      clearTimeout(timer);
      if (got) resolve(got);
      else reject(err);
    });
    socket.on('end', () => {
      clearTimeout(timer);
      const got = tryParse(Buffer.concat(chunks));
      if (got) resolve(got);
      else reject(new Error(`connection closed without a whole answer (${chunks.length} chunks)`));
      socket.destroy();
    });
    socket.on('connect', () => {
      const body = req.body ?? Buffer.alloc(0);
      let head = `${req.method} ${req.target} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\nconnection: close\r\n`;
      for (const [k, v] of req.headers) head += `${k}: ${v}\r\n`;
      if (body.length || !['GET', 'HEAD'].includes(req.method)) head += `content-length: ${body.length}\r\n`;
      socket.write(Buffer.concat([Buffer.from(head + '\r\n', 'latin1'), body]));
    });
  });
}

/** The answer in `buf`, once it is complete; null when it is cut short. */
function tryParse(buf: Buffer): RawResponse | null {
  const end = buf.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const lines = buf.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0]!)?.[1]);
  if (!status) return null;
  const headers: Record<string, string> = {};
  for (const line of lines.slice(1)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  let body: Buffer | null = buf.subarray(end + 4);
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) body = dechunk(body);
  else if (headers['content-length'] !== undefined) {
    const length = Number(headers['content-length']);
    if (body.length < length) return null;
    body = body.subarray(0, length);
  }
  if (!body) return null;
  return { status, headers, body: decode(body, headers['content-encoding']) };
}

function dechunk(buf: Buffer): Buffer | null {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = buf.indexOf('\r\n', at);
    if (eol < 0) return null;
    const size = parseInt(buf.subarray(at, eol).toString('latin1'), 16);
    if (Number.isNaN(size)) return null;
    if (size === 0) return Buffer.concat(parts);
    if (buf.length < eol + 2 + size) return null;
    parts.push(buf.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
}

function decode(body: Buffer, encoding: string | undefined) {
  if (!body.length || !encoding || encoding === 'identity') return body;
  if (encoding === 'gzip') return gunzipSync(body);
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'deflate') return inflateSync(body);
  return body;
}
