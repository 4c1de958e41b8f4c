import type { Row } from './matrix.js';
import type { World } from './world.js';

const base = (w: World) => `/api/v1/knowledge/${w.base.id}`;
const doc = (w: World) => `${base(w)}/document/${w.doc.id}`;
const upload = (w: World) => `/api/v1/upload/${w.docUpload.id}`;

/** The access matrix's rows (docs/access-matrix.md): Knowledge bases, documents, passages (the hit test), private files and their downloads, upload grants. */
export const KNOWLEDGE_AND_UPLOAD_ROWS: Row[] = [
  {
    route: 'GET /api/v1/knowledge/{id}',
    attempt: "reads another's knowledge base",
    path: base,
    stranger: [10004, '知识库不存在'],
  },
  {
    route: 'PUT /api/v1/knowledge/{id}',
    attempt: "renames another's knowledge base",
    path: base,
    body: () => ({ name: '改名', description: '' }),
    stranger: [10004, '知识库不存在'],
  },
  {
    route: 'DELETE /api/v1/knowledge/{id}',
    attempt: "deletes another's knowledge base",
    path: base,
    stranger: [10004, '知识库不存在'],
  },
  {
    route: 'GET /api/v1/knowledge/{id}/document',
    attempt: "lists another's documents",
    path: (w) => `${base(w)}/document`,
    stranger: [10004, '知识库不存在'],
  },
  {
    route: 'POST /api/v1/knowledge/{id}/document',
    attempt: "adds a file to another's base",
    path: (w) => `${base(w)}/document`,
    body: (w) => ({ upload_id: w.strangerUpload.id }),
    stranger: [10004, '知识库不存在'],
  },
  {
    route: 'POST /api/v1/knowledge/{id}/document',
    attempt: "adds another's private file to their own base",
    path: (w) => `/api/v1/knowledge/${w.strangerBase.id}/document`,
    body: (w) => ({ upload_id: w.docUpload.id }),
    stranger: [10004, '文件不存在'],
  },
  {
    route: 'POST /api/v1/knowledge/{id}/document/text',
    attempt: "adds text to another's base",
    path: (w) => `${base(w)}/document/text`,
    body: () => ({ title: '插入', content: '插入的内容' }),
    stranger: [10004, '知识库不存在'],
  },
  {
    route: 'DELETE /api/v1/knowledge/{id}/document/{docId}',
    attempt: "deletes another's document",
    path: doc,
    stranger: [10004, '知识库不存在'],
  },
  {
    route: 'DELETE /api/v1/knowledge/{id}/document/{docId}',
    attempt: "deletes another's document through their own base",
    path: (w) => `/api/v1/knowledge/${w.strangerBase.id}/document/${w.doc.id}`,
    stranger: [10004, '文档不存在'],
  },
  {
    route: 'POST /api/v1/knowledge/{id}/document/{docId}/reprocess',
    attempt: "reprocesses another's document",
    path: (w) => `${doc(w)}/reprocess`,
    stranger: [10004, '知识库不存在'],
  },
  {
    route: 'POST /api/v1/knowledge/{id}/document/{docId}/reprocess',
    attempt: "reprocesses another's document through their own base",
    path: (w) => `/api/v1/knowledge/${w.strangerBase.id}/document/${w.doc.id}/reprocess`,
    stranger: [10004, '文档不存在'],
  },
  {
    route: 'POST /api/v1/knowledge/{id}/hit-test',
    attempt: "searches another's passages",
    path: (w) => `${base(w)}/hit-test`,
    body: () => ({ query: '年假' }),
    stranger: [10004, '知识库不存在'],
  },
  {
    route: 'GET /api/v1/upload/{id}',
    attempt: "reads another's upload",
    path: upload,
    stranger: [10004, '文件不存在'],
  },
  {
    route: 'GET /api/v1/upload/{id}/file',
    attempt: "downloads another's private file",
    path: (w) => `${upload(w)}/file`,
    stranger: [10004, '文件不存在'],
  },
  {
    route: 'DELETE /api/v1/upload/{id}',
    attempt: "deletes another's upload",
    path: upload,
    stranger: [10004, '文件不存在'],
  },
  {
    route: 'DELETE /api/v1/upload/{id}',
    attempt: "deletes another's public image",
    path: (w) => `/api/v1/upload/${w.postImage.id}`,
    stranger: [10004, '文件不存在'],
  },
  {
    route: 'POST /api/v1/upload/complete',
    attempt: "completes an upload with another's grant",
    path: () => '/api/v1/upload/complete',
    body: (w) => ({ token: w.ownerGrant.token, name: 'x.png' }),
    stranger: [10041, '上传凭证无效，请重新上传'],
  },
  {
    route: 'GET /media/u/{file}',
    attempt: "fetches another's private file as a public image",
    path: (w) => `/media/u/${w.docFile}`,
    stranger: { status: 404 },
    anonymous: { status: 404 },
  },
  {
    route: 'POST /api/v1/knowledge',
    attempt: "makes another's uploaded image their base's cover",
    path: () => '/api/v1/knowledge',
    body: (w) => ({ name: '我的库', cover: w.postImage.url }),
    stranger: [10001, '请上传自己的图片作为封面'],
  },
];
