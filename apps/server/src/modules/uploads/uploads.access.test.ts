import type { UploadInfo, UserInfo } from '@lingxi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docx, gbk, image, pdf } from '../../../test/files.js';
import { DRIVERS, fetchMedia, startUploadsApp, upload } from '../../../test/uploads.js';

describe.each(DRIVERS)('who may read an upload (%s storage)', (driver) => {
  let u: Awaited<ReturnType<typeof startUploadsApp>>;
  beforeAll(async () => {
    u = await startUploadsApp(driver);
  });
  afterAll(() => u.close());

  const download = (path: string, token?: string) =>
    fetch(u.t.base + path, { headers: token ? { token } : {} }).then(async (res) => ({
      status: res.status,
      headers: res.headers,
      body: Buffer.from(await res.arrayBuffer()),
    }));

  it('takes knowledge documents by content: text, Markdown, PDF, Word', async () => {
    const { token } = await u.t.login();
    const cases = [
      { file: Buffer.from('第一章 灵犀\n知识库的内容。\n'), name: 'notes.txt', mime: 'text/plain' },
      { file: Buffer.from('# 标题\n\n- 要点\n'), name: 'readme.md', mime: 'text/markdown' },
      { file: pdf(), name: 'paper.pdf', mime: 'application/pdf' },
      {
        file: docx(),
        name: 'report.doc',
        mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        shown: 'report.docx',
      },
    ];
    for (const c of cases) {
      const res = await upload(u.t, token, 'knowledge_doc', c.file, c.name);
      expect(res.code, c.name).toBe(0);
      expect(res.data).toMatchObject({ purpose: 'knowledge_doc', mime: c.mime, name: c.shown ?? c.name });
      expect(res.data.url).toBe(`/api/v1/upload/${res.data.id}/file`);
    }
  });

  it("lets only the owner read, download or delete a private document; another user can't", async () => {
    const owner = await u.t.login();
    const other = await u.t.login();
    const content = Buffer.from('只属于我的知识。\n');
    const doc = (await upload(u.t, owner.token, 'knowledge_doc', content, '我的 笔记.txt')).data;

    const mine = await download(doc.url, owner.token);
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual(content);
    expect(mine.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    expect(mine.headers.get('content-disposition')).toBe(
      `attachment; filename="__ __.txt"; filename*=UTF-8''${encodeURIComponent('我的 笔记.txt')}`,
    );
    expect((await u.t.call('GET', `/api/v1/upload/${doc.id}`, { token: owner.token })).body.data).toEqual(
      doc,
    );

    // A text file in another encoding is served in it, and says so.
    const gbkText = gbk('考勤制度：员工每天九点前打卡。\n');
    const gbkDoc = (await upload(u.t, owner.token, 'knowledge_doc', gbkText, '考勤.txt')).data;
    const gbkFile = await download(gbkDoc.url, owner.token);
    expect(gbkFile.headers.get('content-type')).toBe('text/plain; charset=gb18030');
    expect(gbkFile.body).toEqual(gbkText);
    expect(new TextDecoder('gb18030').decode(gbkFile.body)).toBe('考勤制度：员工每天九点前打卡。\n');

    for (const [method, path] of [
      ['GET', `/api/v1/upload/${doc.id}`],
      ['GET', `/api/v1/upload/${doc.id}/file`],
      ['DELETE', `/api/v1/upload/${doc.id}`],
    ] as const) {
      const res = await u.t.call(method, path, { token: other.token });
      expect(res.body, `${method} ${path}`).toMatchObject({ code: 10004, msg: '文件不存在' });
      expect(JSON.stringify(res.body)).not.toContain('只属于我');
      expect((await u.t.call(method, path)).body.code).toBe(20003);
    }
    // Nothing under /media reaches a private file, whatever the path.
    const file = doc.url.split('/').pop();
    for (const path of [
      '/media/p/x.txt',
      `/media/u/${file}`,
      '/media/u/..%2Fp%2Fx.txt',
      '/media/../api/v1/upload',
    ]) {
      expect((await fetchMedia(u.t, path)).status).toBe(404);
    }
    expect((await download(doc.url, owner.token)).status).toBe(200);
  });

  it('serves public images to anyone, and lets only the owner delete them', async () => {
    const owner = await u.t.login();
    const other = await u.t.login();
    const img = (await upload(u.t, owner.token, 'post_image', await image(50, 50), 'p.png')).data;
    expect((await fetchMedia(u.t, img.url)).status).toBe(200);
    expect((await u.t.call('DELETE', `/api/v1/upload/${img.id}`, { token: other.token })).body.code).toBe(
      10004,
    );
    expect((await fetchMedia(u.t, `${img.url}@w64`)).status).toBe(200);
    const del = await u.t.call('DELETE', `/api/v1/upload/${img.id}`, { token: owner.token });
    expect(del.body).toEqual({ code: 0, msg: 'ok', data: { ok: true } });
    expect((await fetchMedia(u.t, img.url)).status).toBe(404);
    expect((await fetchMedia(u.t, `${img.url}@w64`)).status).toBe(404);
    expect(await u.storage.exists(img.url.slice('/media/'.length))).toBe(false);
    expect((await u.t.call('GET', `/api/v1/upload/${img.id}`, { token: owner.token })).body.code).toBe(10004);
  });

  it("takes the user's own uploaded avatar on the profile, and no one else's", async () => {
    const a = await u.t.login();
    const b = await u.t.login();
    const put = (token: string, avatar: string) =>
      u.t.call<UserInfo>('PUT', '/api/v1/user', { token, body: { avatar } });
    const mine = (await upload(u.t, a.token, 'avatar', await image(100, 100), 'me.png')).data as UploadInfo;
    expect((await put(a.token, mine.url)).body.data.avatar).toBe(mine.url);
    // The absolute form on this app's address is stored as the path.
    const absolute = await put(a.token, `${u.t.config.publicUrl}${mine.url}`);
    expect(absolute.body.data.avatar).toBe(mine.url);

    for (const avatar of [
      mine.url,
      `${mine.url}@w128`,
      '/media/u/aaaaaaaaaaaaaaaaaaaaaa.png',
      '/media/u/../../x',
    ]) {
      const res = await put(b.token, avatar);
      expect(res.body.code, avatar).toBe(10001);
      expect(res.body.data).toMatchObject({ field: 'avatar' });
    }
    const me = await u.t.call<UserInfo>('GET', '/api/v1/user', { token: b.token });
    expect(me.body.data.avatar).not.toContain('/media/u/');
    // Preset avatars are still fine; an image on another host no longer is (avatar.routes.test.ts).
    expect((await put(b.token, '/media/avatars/male/male-1.svg')).body.code).toBe(0);
    expect((await put(b.token, 'https://cdn.example.com/a.png')).body.code).toBe(10001);
    expect((await put(b.token, '/media/other/x.png')).body.code).toBe(10001);
  });

  it('refuses a malformed upload id', async () => {
    const { token } = await u.t.login();
    for (const id of ['abc', '0', '-1', '1.5']) {
      expect((await u.t.call('GET', `/api/v1/upload/${id}`, { token })).body.code).toBe(10001);
    }
  });

  if (driver === 's3') {
    it('says so when completing before the file is in the bucket, without spending the grant', async () => {
      const { token } = await u.t.login();
      const grant = (
        await u.t.call<{ token: string }>('GET', '/api/v1/upload/token?purpose=avatar', { token })
      ).body.data;
      const early = await u.t.call('POST', '/api/v1/upload/complete', {
        token,
        body: { token: grant.token },
      });
      expect(early.body).toMatchObject({ code: 10001, msg: '没有找到已上传的文件，请先上传' });
    });
  }
});
