import { buffer } from 'node:stream/consumers';
import multipart from '@fastify/multipart';
import {
  envelope,
  okData,
  uploadCompleteBody,
  uploadGrant,
  uploadIdParams,
  uploadInfo,
  uploadTokenQuery,
} from '@lingxi/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/http/auth.js';
import { ok } from '../../platform/http/envelope.js';
import { textEncoding } from '../../platform/text/encoding.js';
import { incomingFile } from './upload-form.js';
import { presentGrant, presentUpload } from './uploads.presenter.js';
import type { UploadsService } from './uploads.service.js';

/** `attachment; filename*=UTF-8''…` (RFC 6266/5987): the sanitised name, safe in any browser. */
const attachment = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

export const uploadsRoutes: FastifyPluginAsyncZod<{ uploads: UploadsService }> = async (app, { uploads }) => {
  const tags = ['uploads'];
  // Multipart parsing for these routes only; limits are set per request from the grant.
  await app.register(multipart);

  app.get(
    '/upload/token',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '获取上传凭证',
        querystring: uploadTokenQuery,
        response: { 200: envelope(uploadGrant) },
      },
    },
    async (req) => ok(presentGrant(await uploads.issueGrant(userOf(req).id, req.query.purpose))),
  );

  app.post(
    '/upload',
    {
      // The grant is the credential: it was issued to a logged-in user for this one file.
      onSend: async (req, reply) => {
        // Refused before the whole file arrived (too large, bad grant): let the rest drain and close the
        // connection, or the client would wait forever to finish sending a body nobody reads.
        if (!req.raw.complete) {
          reply.header('connection', 'close');
          req.raw.resume();
        }
      },
      schema: {
        tags,
        summary: '上传文件（multipart/form-data：先 token 等字段，再文件 file）',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(uploadInfo) },
      },
    },
    async (req) => ok(presentUpload(await uploads.receive(await incomingFile(req)))),
  );

  app.post(
    '/upload/complete',
    {
      config: { auth: 'required', tidiedText: ['name'] },
      schema: {
        tags,
        summary: '确认直传到对象存储的文件',
        body: uploadCompleteBody,
        response: { 200: envelope(uploadInfo) },
      },
    },
    async (req) => ok(presentUpload(await uploads.complete(userOf(req).id, req.body.token, req.body.name))),
  );

  app.get(
    '/upload/:id',
    {
      config: { auth: 'required' },
      schema: { tags, summary: '我的上传', params: uploadIdParams, response: { 200: envelope(uploadInfo) } },
    },
    async (req) => ok(presentUpload(await uploads.get(userOf(req).id, req.params.id))),
  );

  app.get(
    '/upload/:id/file',
    {
      config: { auth: 'required' },
      schema: { tags, summary: '下载我的上传文件', params: uploadIdParams },
    },
    async (req, reply) => {
      const { upload, object } = await uploads.open(userOf(req).id, req.params.id);
      reply
        .header('content-disposition', attachment(upload.name))
        .header('cache-control', 'private, no-store');
      if (!upload.mime.startsWith('text/')) {
        return reply.type(upload.mime).header('content-length', object.contentLength).send(object.body);
      }
      // Text is served in the encoding it came in (a GBK file as GBK), so the browser shows it right.
      const bytes = await buffer(object.body);
      return reply.type(`${upload.mime}; charset=${textEncoding(bytes)}`).send(bytes);
    },
  );

  app.delete(
    '/upload/:id',
    {
      config: { auth: 'required' },
      schema: { tags, summary: '删除我的上传', params: uploadIdParams, response: { 200: envelope(okData) } },
    },
    async (req) => {
      await uploads.remove(userOf(req).id, req.params.id);
      return ok({ ok: true as const });
    },
  );
};
