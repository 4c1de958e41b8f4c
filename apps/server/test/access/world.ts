import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  Conversation,
  KnowledgeDocument,
  ChatMessage,
  MyBot,
  Page,
  Snippet,
  Withdrawal,
} from '@lingxi/contract';
import { eq } from 'drizzle-orm';
import { comments, posts } from '../../src/db/schema/community.js';
import { uploads } from '../../src/db/schema/uploads.js';
import { botForm, createBot, decide, publishedBot } from '../bots.js';
import { newConversation, sendMessage } from '../chat.js';
import { addComment } from '../comments.js';
import { createPost, seedPost } from '../community.js';
import { image } from '../files.js';
import { randomPhone } from '../helpers.js';
import { addText, createBase, startKnowledgeApp, waitForDocument } from '../knowledge.js';
import { placeOrder } from '../payments.js';
import { getGrant, upload } from '../uploads.js';

/**
 * The owner's world for the access matrix (docs/access-matrix.md): one of every owner-scoped resource, made
 * through the real routes, each carrying a secret text (`SECRET`) that no stranger's or anonymous response may
 * ever contain; a stranger with resources of their own to attach; an operator.
 */
export const SECRET = `机密${randomUUID().slice(0, 8)}`;

export type World = Awaited<ReturnType<typeof buildWorld>>;
type Session = { token: string; user: { id: number } };

/**
 * A built web app of three files (routes.ts, WEB_FILES): the server makes a route of every file the build
 * wrote, so the app's route list must not depend on whether `npm run build` ran before the tests.
 */
function webFixture() {
  const dist = mkdtempSync(join(tmpdir(), 'lingxi-access-web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(dist, 'admin.html'), '<!doctype html><title>console</title>');
  writeFileSync(join(dist, 'assets', 'index-fixture.js'), 'export {};\n');
  return dist;
}

export async function startAccessApp() {
  const adminPhone = randomPhone();
  const k = await startKnowledgeApp({ env: { ADMIN_PHONES: adminPhone, WEB_DIST: webFixture() } });
  const admin = await k.t.login(adminPhone);
  return { ...k, admin };
}

export async function buildWorld(app: Awaited<ReturnType<typeof startAccessApp>>) {
  const { t, admin } = app;
  const owner: Session = await t.login();
  const stranger: Session = await t.login();
  const ok = <T>(r: { body: { code: number; msg: string; data: T } }, what: string) => {
    if (r.body.code !== 0) throw new Error(`${what} refused: ${r.body.msg}`);
    return r.body.data;
  };
  const expectOk = <T>(r: { code: number; msg: string; data: T }, what: string) => {
    if (r.code !== 0) throw new Error(`${what} refused: ${r.msg}`);
    return r.data;
  };

  // Knowledge: a base with a document, and a private file upload (not yet attached).
  const base = await createBase(t, owner.token, { name: `${SECRET}库`, description: SECRET });
  const doc = ok<KnowledgeDocument>(
    await addText(t, owner.token, base.id, `${SECRET}文档`, `${SECRET}：年假十五天，病假另计。`),
    'document',
  );
  await waitForDocument(t, owner.token, base.id, doc.id);
  const docUpload = expectOk(
    await upload(t, owner.token, 'knowledge_doc', Buffer.from(`${SECRET} 的私有文件`), 'secret.txt'),
    'knowledge upload',
  );
  const [docRow] = await t.db.select().from(uploads).where(eq(uploads.id, docUpload.id));
  const strangerBase = await createBase(t, stranger.token, { name: '陌生人的库' });
  const strangerUpload = expectOk(
    await upload(t, stranger.token, 'knowledge_doc', Buffer.from('陌生人的文件'), 'mine.txt'),
    'stranger upload',
  );
  // A grant the owner asked for and has not used yet.
  const ownerGrant = await getGrant(t, owner.token, 'post_image');

  // Public images the owner uploaded (anyone may view them; only the owner may use them).
  const avatar = expectOk(
    await upload(t, owner.token, 'avatar', await image(64, 64), 'a.png'),
    'avatar upload',
  );
  const botAvatar = expectOk(
    await upload(t, owner.token, 'bot_avatar', await image(64, 64), 'b.png'),
    'bot avatar upload',
  );
  const postImage = expectOk(
    await upload(t, owner.token, 'post_image', await image(64, 64), 'p.png'),
    'post image upload',
  );

  // Bots: a private one using the base, a public one waiting for review, a published one (the stranger's
  // conversation partner).
  const privateBot = await createBot(t, owner.token, {
    name: `${SECRET}私`,
    persona: `你是${SECRET}的私人助手，只为主人服务。`,
    knowledge_base_ids: [base.id],
  });
  const pendingBot = await createBot(t, owner.token, {
    visibility: 'public',
    persona: `你是${SECRET}的待审助手，等待审核。`,
  });
  const publicBot = await publishedBot(t, owner.token, admin.token);
  const strangerBot = await createBot(t, stranger.token);
  // A review notice of the owner's alone: a bot rejected with a reason.
  const rejected = await createBot(t, owner.token, { visibility: 'public' });
  ok(
    await decide(t, admin.token, rejected.id, { decision: 'reject', reason: `${SECRET} 不符合规范` }),
    'reject',
  );
  // A broadcast everyone has unread: reading it marks it read for the reader only.
  ok(
    await t.call('POST', '/api/v1/admin/notice/broadcast', {
      token: admin.token,
      body: { title: '全站公告', body: '欢迎使用灵犀' },
    }),
    'broadcast',
  );
  // An edit of the published bot waiting for review: the live version keeps serving, the edit is the owner's.
  ok(
    await t.call('PUT', `/api/v1/bot/${publicBot.id}`, {
      token: owner.token,
      body: botForm({
        visibility: 'public',
        intro: `${SECRET}新简介`,
        persona: `你是${SECRET}的新设定，等待审核。`,
      }),
    }),
    'waiting edit',
  );
  // A bot the stranger chatted with and favourited while it was public, which the owner then made private
  // (and renamed): the stranger's conversation stays, the bot is the owner's alone now.
  const formerBot = await publishedBot(t, owner.token, admin.token);
  const formerConversation = await newConversation(t, stranger.token, formerBot.id);
  ok(await t.call('POST', `/api/v1/bot/${formerBot.id}/favourite`, { token: stranger.token }), 'favourite');
  const formerSent = await sendMessage(t, stranger.token, formerConversation.id, { content: '你好' });
  if (formerSent.envelope) throw new Error(`message refused: ${formerSent.envelope.msg}`);
  const formerMessages = ok<Page<ChatMessage>>(
    await t.call('GET', `/api/v1/conversation/${formerConversation.id}/message`, { token: stranger.token }),
    'messages',
  ).list;
  const formerSnippet = ok<Snippet>(
    await t.call('POST', '/api/v1/snippet', {
      token: stranger.token,
      body: {
        conversation_id: formerConversation.id,
        message_ids: formerMessages.map((m) => m.id),
        title: '聊天',
      },
    }),
    'snippet',
  );
  const formerPost = await createPost(t, stranger.token, { content: '分享', snippet_id: formerSnippet.id });
  ok(
    await t.call('PUT', `/api/v1/bot/${formerBot.id}`, {
      token: owner.token,
      body: botForm({ name: `${SECRET}私二`, intro: SECRET, persona: `你是${SECRET}的私人助手。` }),
    }),
    'made private',
  );
  ok(await t.call('POST', `/api/v1/bot/${publicBot.id}/favourite`, { token: owner.token }), 'favourite');

  // Chat: a conversation with one exchange, on the owner's private bot.
  const conversation: Conversation = await newConversation(t, owner.token, privateBot.id);
  const sent = await sendMessage(t, owner.token, conversation.id, { content: `${SECRET} 我的问题` });
  if (sent.envelope) throw new Error(`message refused: ${sent.envelope.msg}`);
  const messages = ok<Page<ChatMessage>>(
    await t.call('GET', `/api/v1/conversation/${conversation.id}/message?limit=50`, { token: owner.token }),
    'messages',
  ).list;
  const strangerConversation = await newConversation(t, stranger.token);
  const question = messages.find((m) => m.role === 'user')!;
  const answer = messages.find((m) => m.role === 'assistant')!;
  ok(
    await t.call('PUT', `/api/v1/message/${answer.id}/rating`, { token: owner.token, body: { rating: 1 } }),
    'rating',
  );

  // Community: a snippet, a published post with a comment, a post held for review.
  const snippet = ok<Snippet>(
    await t.call('POST', '/api/v1/snippet', {
      token: owner.token,
      body: {
        conversation_id: conversation.id,
        message_ids: [question.id, answer.id],
        title: `${SECRET}片段`,
      },
    }),
    'snippet',
  );
  const post = await createPost(t, owner.token, { content: '公开的帖子' });
  const comment = await addComment(t, owner.token, post.id, '我自己的评论');
  const pendingPost = await seedPost(t, owner.user.id, {
    content: `${SECRET} 待审帖子`,
    status: 'pending_review',
  });
  // Comments no one else may read: one under the post held for review, one held for review under the public
  // post, a reply held for review under the owner's public comment.
  const [pendingComment] = await t.db
    .insert(comments)
    .values({
      postId: pendingPost.id,
      authorId: owner.user.id,
      content: `${SECRET} 待审评论`,
      status: 'published',
    })
    .returning();
  const [heldComment, heldReply] = await t.db
    .insert(comments)
    .values([
      { postId: post.id, authorId: owner.user.id, content: `${SECRET} 待审评论`, status: 'pending_review' },
      {
        postId: post.id,
        authorId: owner.user.id,
        rootId: comment.id,
        replyToId: comment.id,
        replyToUserId: owner.user.id,
        content: `${SECRET} 待审回复`,
        status: 'pending_review',
      },
    ])
    .returning();
  // A post the stranger favourited while it was published, then held for review (a report, an operator).
  const laterHeld = await seedPost(t, owner.user.id, { content: '暂时公开的帖子' });
  ok(await t.call('POST', `/api/v1/post/${laterHeld.id}/favourite`, { token: stranger.token }), 'favourite');
  await t.db
    .update(posts)
    .set({ status: 'pending_review', content: `${SECRET} 重新待审` })
    .where(eq(posts.id, laterHeld.id));
  ok(await t.call('POST', `/api/v1/post/${post.id}/favourite`, { token: owner.token }), 'post favourite');
  // An interaction notice for the owner (unread), from a third user's like.
  const third = await t.login();
  ok(await t.call('POST', `/api/v1/post/${post.id}/like`, { token: third.token }), 'like');
  ok(await t.call('POST', `/api/v1/user/${third.user.id}/block`, { token: owner.token }), 'block');

  // Money: an unpaid order, and a withdrawal request from earnings.
  const orderKey = randomUUID();
  const order = ok(await placeOrder(t, owner.token, { kind: 'chips', item_id: 'c600' }, orderKey), 'order');
  // The stranger has earnings too, so their request with the owner's key is judged on its own.
  for (const u of [owner, stranger])
    await t.modules.wallet.earnings.apply({
      userId: u.user.id,
      delta: 5000,
      reason: 'commission',
      idempotencyKey: `access:${randomUUID()}`,
    });
  const withdrawalKey = randomUUID();
  const withdrawal = ok<Withdrawal>(
    await t.call('POST', '/api/v1/withdrawal', {
      token: owner.token,
      headers: { 'idempotency-key': withdrawalKey },
      body: { amount_fen: 1000, channel: 'alipay', account: 'secret@example.com', real_name: '张三' },
    }),
    'withdrawal',
  );

  return {
    t,
    admin,
    owner,
    stranger,
    base,
    doc,
    docUpload,
    /** The private file's name in storage, as a /media/u/ path would be asked for it. */
    docFile: docRow!.key.replace(/^p\//, ''),
    strangerBase,
    strangerUpload,
    ownerGrant,
    strangerBot,
    strangerConversation,
    pendingComment: pendingComment!,
    heldComment: heldComment!,
    heldReply: heldReply!,
    laterHeld,
    avatar,
    botAvatar,
    postImage,
    privateBot: privateBot as MyBot,
    pendingBot: pendingBot as MyBot,
    publicBot,
    formerBot,
    formerConversation,
    formerSnippet,
    formerPost,
    conversation,
    question,
    answer,
    snippet,
    post,
    comment,
    pendingPost,
    order,
    orderKey,
    withdrawal,
    withdrawalKey,
    /** What no answer to anyone but the owner may contain: the secret text, the order's number. */
    marks: [SECRET, order.order_no, withdrawal.account],
  };
}
