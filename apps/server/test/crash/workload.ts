import { randomUUID } from 'node:crypto';
import type {
  ChatMessage,
  ChipRecord,
  CreatedOrder,
  Envelope,
  MemberPlans,
  Page,
  Withdrawal,
} from '@lingxi/contract';
import { botForm } from '../bots.js';
import { openReply, type ReplyStream } from '../chat.js';
import { randomIp } from '../helpers.js';

/**
 * The crash suite's clients (docs/crash-and-money.md, Crash): users who each write one thing at a time and
 * remember what the server acknowledged (code 0) and what was in flight when it died.
 */

export type Server = { base: string };
export type Notification = { body: string; headers: Record<string, string> };
export type Signer = { signed(body: string): Notification };

/** A request that reached no answer: the server died under it. */
export class Dead extends Error {}

export async function api<T = unknown>(
  s: Server,
  method: string,
  path: string,
  o: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Envelope<T>> {
  const headers: Record<string, string> = { 'x-forwarded-for': randomIp(), ...o.headers };
  if (o.token) headers.token = o.token;
  if (o.body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  let text: string;
  try {
    res = await fetch(s.base + path, {
      method,
      headers,
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
    });
    text = await res.text();
  } catch {
    throw new Dead(`${method} ${path}`);
  }
  if (res.status >= 500) throw new Error(`${method} ${path}: HTTP ${res.status} ${text}`);
  return JSON.parse(text) as Envelope<T>;
}

/**
 * A value one client writes, one request at a time: what the last acknowledged write set, and the write in
 * flight when the server died (committed or not, the client cannot know: either value is correct after it).
 */
export class Register<T> {
  private inFlight: { v: T } | null = null;
  constructor(private acked: T) {}
  async write(v: T, send: () => Promise<Envelope<unknown>>) {
    this.inFlight = { v };
    const r = await send();
    if (r.code === 0) this.acked = v;
    this.inFlight = null;
    return r;
  }
  /** What the database may hold now. */
  allowed(): T[] {
    return this.inFlight ? [this.acked, this.inFlight.v] : [this.acked];
  }
  /** The value read back after a restart (one of `allowed`) is the acknowledged one from now on. */
  settle(v: T) {
    this.acked = v;
    this.inFlight = null;
  }
}

export type OrderRecord = {
  no: string;
  amountFen: number;
  /** The payment's notification, once sent (acknowledged or not): replayed after each restart. */
  notification?: Notification;
  paidAcked: boolean;
};

/** Every item of a cursor-paged list. */
export async function allPages<T>(s: Server, token: string, path: string) {
  const out: T[] = [];
  let cursor = '';
  for (;;) {
    const q = `limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const r = await api<Page<T>>(s, 'GET', `${path}${path.includes('?') ? '&' : '?'}${q}`, { token });
    if (r.code !== 0) throw new Error(r.msg);
    out.push(...r.data.list);
    if (!r.data.next_cursor) return out;
    cursor = r.data.next_cursor;
  }
}

export const allMessages = (s: Server, token: string, conversationId: number) =>
  allPages<ChatMessage>(s, token, `/api/v1/conversation/${conversationId}/message`);

export const allChipRecords = (s: Server, token: string) =>
  allPages<ChipRecord>(s, token, '/api/v1/chip/record');

export const isDead = (err: unknown) => err instanceof Dead || (err as Error).name === 'TypeError';

/** One user of the load, with what the server acknowledged to them. */
export class CrashUser {
  readonly nickname: Register<string>;
  readonly botName: Register<string>;
  readonly like = new Register(false);
  readonly orders: OrderRecord[] = [];
  /** Replies that ended with `done`: the assistant message's id and text. */
  readonly replies: { id: number; content: string }[] = [];
  /** Redeem codes not tried yet (one of each batch), the ones acknowledged, and the one in flight at a kill. */
  readonly codes: string[] = [];
  redeemed = 0;
  redeemInFlight: string | null = null;
  /** The Idempotency-Key of an order whose creation was in flight at a kill: the client tries it again. */
  orderInFlight: string | null = null;
  /** Withdrawals acknowledged, each with its status as the operator moves it; the key of one in flight. */
  readonly withdrawals = new Map<number, Register<Withdrawal['status']>>();
  withdrawalInFlight: string | null = null;
  /** The reply still streaming at the kill, on `longConversation`. */
  openStream: ReplyStream | null = null;
  private n = 0;
  /** Writes answered (any kind), for the suite to see the load ran. */
  answered = 0;

  constructor(
    readonly id: number,
    readonly token: string,
    nickname: string,
    readonly botId: number,
    botName: string,
    readonly longConversation: number,
    readonly shortConversation: number,
  ) {
    this.nickname = new Register(nickname);
    this.botName = new Register(botName);
  }

  /** One write of each kind in turn, until the server dies or `until` says stop. */
  async run(
    s: Server,
    o: { postId: number; packageId: string; shortModel: string; signer: Signer; until: () => boolean },
  ) {
    try {
      while (!o.until()) {
        const k = this.n++ % 7;
        if (k === 6) await this.withdraw(s, randomUUID());
        else if (k === 5) await this.redeem(s);
        else if (k === 0) await this.editProfile(s);
        else if (k === 1) await this.editBot(s);
        else if (k === 2) await this.toggleLike(s, o.postId);
        else if (k === 3) await this.order(s, o.packageId, o.signer);
        else await this.reply(s, o.shortModel);
        this.answered++;
      }
    } catch (err) {
      if (!isDead(err)) throw err;
    }
  }

  private async editProfile(s: Server) {
    const v = `昵称${randomUUID().slice(0, 6)}`;
    await this.nickname.write(v, () =>
      api(s, 'PUT', '/api/v1/user', { token: this.token, body: { nickname: v } }),
    );
  }

  private async editBot(s: Server) {
    const v = `崩溃测试${randomUUID().slice(0, 6)}`;
    await this.botName.write(v, () =>
      api(s, 'PUT', `/api/v1/bot/${this.botId}`, { token: this.token, body: botForm({ name: v }) }),
    );
  }

  private async toggleLike(s: Server, postId: number) {
    const [v] = this.like.allowed();
    const on = !v;
    await this.like.write(on, () =>
      api(s, on ? 'POST' : 'DELETE', `/api/v1/post/${postId}/like`, { token: this.token }),
    );
  }

  private async redeem(s: Server) {
    const code = this.codes.shift();
    if (!code) return;
    this.redeemInFlight = code;
    const r = await api(s, 'POST', '/api/v1/redeem', { token: this.token, body: { code } });
    if (r.code !== 0) throw new Error(`redeem refused: ${r.msg}`);
    this.redeemed++;
    this.redeemInFlight = null;
  }

  /** Asks for ¥10 under `key` (a new one, or the key of one in flight at a kill); answers its id. */
  async withdraw(s: Server, key: string) {
    this.withdrawalInFlight = key;
    const r = await api<Withdrawal>(s, 'POST', '/api/v1/withdrawal', {
      token: this.token,
      headers: { 'idempotency-key': key },
      body: { amount_fen: 1000, channel: 'wechat', account: '13812345678', real_name: '张三' },
    });
    if (r.code !== 0) throw new Error(`withdrawal refused: ${r.msg}`);
    this.withdrawalInFlight = null;
    if (!this.withdrawals.has(r.data.id)) this.withdrawals.set(r.data.id, new Register(r.data.status));
    return r.data.id;
  }

  /** Creates an order under `key` (a new one, or the key of one in flight at a kill). */
  async createOrder(s: Server, packageId: string, key: string) {
    this.orderInFlight = key;
    const created = await api<CreatedOrder>(s, 'POST', '/api/v1/order', {
      token: this.token,
      headers: { 'idempotency-key': key },
      body: { kind: 'chips', item_id: packageId, channel: 'sandbox', agree_terms: true },
    });
    if (created.code !== 0) throw new Error(`order refused: ${created.msg}`);
    this.orderInFlight = null;
    const no = created.data.order_no;
    const known = this.orders.find((o) => o.no === no);
    if (known) return known;
    const rec: OrderRecord = { no, amountFen: created.data.amount_fen, paidAcked: false };
    this.orders.push(rec);
    return rec;
  }

  private async order(s: Server, packageId: string, signer: Signer) {
    const rec = await this.createOrder(s, packageId, randomUUID());
    if (this.orders.length % 2) return; // every other order stays pending, for the close sweep
    rec.notification = paidNotification(signer, rec);
    const res = await postNotification(s, rec.notification);
    if (res.status !== 200) throw new Error(`notification answered ${res.status}`);
    rec.paidAcked = true;
  }

  private async reply(s: Server, model: string) {
    const r = await openReply(s, `/api/v1/conversation/${this.shortConversation}/message`, {
      token: this.token,
      body: { content: '你好', model_id: model },
    });
    if (r.envelope) return; // refused (no chips left): nothing was acknowledged
    const events = await r.rest();
    const last = events.at(-1);
    if (last?.event === 'done')
      this.replies.push({ id: last.data.message!.id, content: last.data.message!.content });
  }
}

/**
 * The operator, one action at a time: approves or rejects (in turn) pending withdrawals and marks approved ones
 * paid, each status change a write to remember.
 */
export async function operate(s: Server, token: string, users: CrashUser[], until: () => boolean) {
  const next = { pending: ['approved', 'rejected'], approved: ['paid'] } as Record<
    string,
    Withdrawal['status'][]
  >;
  const path = { approved: 'approve', rejected: 'reject', paid: 'paid' } as Record<string, string>;
  const body = {
    approved: undefined,
    rejected: { reason: '信息有误' },
    paid: { reference: 'REF1' },
  } as Record<string, unknown>;
  let n = 0;
  try {
    while (!until()) {
      const open = users.flatMap((u) =>
        [...u.withdrawals].filter(([, r]) => next[r.allowed()[0]!] && r.allowed().length === 1),
      );
      if (!open.length) {
        await new Promise((r) => setTimeout(r, 20));
        continue;
      }
      const [id, reg] = open[n++ % open.length]!;
      const options = next[reg.allowed()[0]!]!;
      const to = options[n % options.length]!;
      const r = await reg.write(to, () =>
        api(s, 'POST', `/api/v1/admin/withdrawal/${id}/${path[to]}`, { token, body: body[to] }),
      );
      if (r.code !== 0) throw new Error(`operator refused: ${r.msg}`);
    }
  } catch (err) {
    if (!isDead(err)) throw err;
  }
}

export function paidNotification(signer: Signer, o: { no: string; amountFen: number }) {
  return signer.signed(
    JSON.stringify({
      order_no: o.no,
      transaction_id: `T${randomUUID().replace(/-/g, '')}`,
      amount_fen: o.amountFen,
      paid_at: new Date().toISOString(),
    }),
  );
}

export async function postNotification(s: Server, n: Notification) {
  try {
    const res = await fetch(`${s.base}/api/v1/pay/sandbox/notify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...n.headers },
      body: n.body,
    });
    await res.text();
    return { status: res.status };
  } catch {
    throw new Dead('notify');
  }
}

export async function chipPackage(s: Server) {
  const plans = await api<MemberPlans>(s, 'GET', '/api/v1/member/plans');
  return plans.data.packages[0]!;
}
