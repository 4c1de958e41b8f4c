/**
 * A large knowledge document uploaded and processed while replies stream (bench:chat's BENCH_DOCUMENT_MB):
 * what reading it (splitting, word segmentation, the index's rows) costs the replies of the same process.
 */
import { apiClient, type Envelope, type ServerProcess } from './lib.js';

/** Varied Chinese text of about `mb` megabytes (UTF-8), in paragraphs, as a handbook or a report reads. */
export function chineseText(mb: number): Buffer {
  const topics = ['年假', '报销', '考勤', '保密', '培训', '绩效', '招聘', '福利', '安全', '采购'];
  const parts: string[] = [];
  let bytes = 0;
  for (let i = 0; bytes < mb * 1024 * 1024; i++) {
    const topic = topics[i % topics.length]!;
    const p = `第${i}条 关于${topic}的规定：员工应当按照公司第${i % 97}号制度办理${topic}相关手续，部门负责人在${(i % 28) + 1}日内审核，人力资源部编号${i * 7919}存档备查。`;
    parts.push(p);
    bytes += Buffer.byteLength(p) + 2;
  }
  return Buffer.from(parts.join('\n\n'));
}

/** Uploads `file` into a new knowledge base of `token`'s user; resolves with the ms until it was ready. */
export async function ingest(server: ServerProcess, token: string, file: Buffer): Promise<number> {
  const call = apiClient(server.url, token);
  const started = performance.now();
  const base = await call<{ id: number }>('POST', '/api/v1/knowledge', { name: `压测${Date.now()}` });
  const grant = await call<{
    upload_url: string;
    file_field: string;
    fields: Record<string, string>;
    headers: Record<string, string>;
  }>('GET', '/api/v1/upload/token?purpose=knowledge_doc');
  const form = new FormData();
  for (const [k, v] of Object.entries(grant.fields)) form.append(k, v);
  form.append(grant.file_field, new Blob([new Uint8Array(file)], { type: 'text/plain' }), 'handbook.txt');
  const sent = (await (
    await fetch(server.url + grant.upload_url, { method: 'POST', headers: grant.headers, body: form })
  ).json()) as Envelope<{ id: number }>;
  if (sent.code !== 0) throw new Error(`upload: ${sent.msg}`);
  const doc = await call<{ id: number }>('POST', `/api/v1/knowledge/${base.id}/document`, {
    upload_id: sent.data.id,
  });
  for (;;) {
    await new Promise((r) => setTimeout(r, 200));
    const list = await call<{ list: { id: number; status: string; error: string | null }[] }>(
      'GET',
      `/api/v1/knowledge/${base.id}/document?limit=50`,
    );
    const d = list.list.find((x) => x.id === doc.id);
    if (d?.status === 'ready') return performance.now() - started;
    if (d?.status === 'failed') throw new Error(`document failed: ${d.error}`);
  }
}
