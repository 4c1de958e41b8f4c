import { randomUUID } from 'node:crypto';
import pg from 'pg';

/** The channel of barriers (docs/scaling.md, Read your writes); never a table's announcement. */
export const BARRIER_CHANNEL = 'lingxi_barrier';
/** How this process's listening connection is named in pg_stat_activity. */
export const LISTENER_NAME = 'lingxi-listener';

type Channel = { payload: ((payload: string) => void)[]; reset: (() => void)[] };

/**
 * PostgreSQL's change announcements for this process (docs/scaling.md, Caches): one dedicated connection
 * runs `LISTEN` for every channel asked for. A notification arrives after its transaction commits, in commit
 * order. When the connection is lost, notifications are missed: every listener's `reset` is called at once
 * (drop everything), the connection is opened again with back-off, and once it listens again `reset` is
 * called a second time (whatever was read while nobody listened is dropped too).
 */
export class PgListener {
  private client: pg.Client | null = null;
  private readonly channels = new Map<string, Channel>();
  /** Barriers sent by this process, waiting for their own notification. */
  private readonly waiting = new Map<string, () => void>();
  private readonly token = randomUUID();
  private seq = 0;
  /** Barriers waiting for the next notification to be sent, and whether one is being sent. */
  private queued: (() => void)[] = [];
  private sending = false;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;
  private delayMs = 0;

  private constructor(
    private readonly url: string,
    private readonly onError: (err: Error) => void,
  ) {}

  static async open(url: string, onError: (err: Error) => void = () => undefined) {
    const listener = new PgListener(url, onError);
    await listener.connect();
    return listener;
  }

  get connected() {
    return this.client !== null;
  }

  private async connect() {
    const client = new pg.Client({
      connectionString: this.url,
      keepAlive: true,
      application_name: LISTENER_NAME,
    });
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client, new Error('the listening connection ended')));
    client.on('notification', (n) => this.deliver(n.channel, n.payload ?? ''));
    await client.connect();
    try {
      for (const channel of [BARRIER_CHANNEL, ...this.channels.keys()])
        await client.query(`LISTEN ${ident(channel)}`);
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    if (this.closed) return void (await client.end().catch(() => undefined));
    this.client = client;
    this.delayMs = 0;
  }

  private deliver(channel: string, payload: string) {
    if (channel === BARRIER_CHANNEL) {
      const done = this.waiting.get(payload);
      if (done) done();
      return;
    }
    for (const fn of this.channels.get(channel)?.payload ?? []) fn(payload);
  }

  private lost(client: pg.Client, err: Error) {
    if (this.client !== client) return;
    this.client = null;
    client.removeAllListeners('end');
    void client.end().catch(() => undefined);
    if (this.closed) return;
    this.onError(err);
    this.resetAll();
    this.reconnect();
  }

  private reconnect() {
    this.delayMs = Math.min(5_000, Math.max(100, this.delayMs * 2));
    this.retry = setTimeout(() => {
      this.connect().then(
        () => this.resetAll(),
        (err: Error) => {
          if (this.closed) return;
          this.onError(err);
          this.reconnect();
        },
      );
    }, this.delayMs);
    this.retry.unref();
  }

  /** Every listener drops what it kept; barriers waiting now stop waiting (nothing stale is left to wait for). */
  private resetAll() {
    for (const { reset } of this.channels.values()) for (const fn of reset) fn();
    for (const done of [...this.waiting.values(), ...this.queued.splice(0)]) done();
  }

  async listen(channel: string, onPayload: (payload: string) => void, onReset?: () => void) {
    const known = this.channels.get(channel);
    const entry = known ?? { payload: [], reset: [] };
    entry.payload.push(onPayload);
    if (onReset) entry.reset.push(onReset);
    if (known) return;
    this.channels.set(channel, entry);
    await this.client?.query(`LISTEN ${ident(channel)}`);
  }

  /**
   * Resolves once every announcement committed before this call has been handled by this process: a
   * notification of its own is sent through `sql` (another connection) and waited for; notifications come in
   * commit order. Callers arriving while one is being sent share the next one. At most `timeoutMs` (the
   * connection may be lost meanwhile: then caches were reset).
   */
  barrier(sql: (text: string, values: unknown[]) => Promise<unknown>, timeoutMs = 2_000): Promise<void> {
    if (!this.client) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      this.queued.push(() => {
        clearTimeout(timer);
        resolve();
      });
      this.sendBarrier(sql, timeoutMs);
    });
  }

  private sendBarrier(sql: (text: string, values: unknown[]) => Promise<unknown>, timeoutMs: number) {
    if (this.sending || !this.queued.length) return;
    const batch = this.queued.splice(0);
    const id = `${this.token}:${++this.seq}`;
    const release = () => {
      this.waiting.delete(id);
      for (const done of batch) done();
    };
    this.waiting.set(id, release);
    setTimeout(() => this.waiting.delete(id), timeoutMs).unref();
    this.sending = true;
    sql('SELECT pg_notify($1, $2)', [BARRIER_CHANNEL, id])
      .catch(release)
      .finally(() => {
        this.sending = false;
        this.sendBarrier(sql, timeoutMs);
      });
  }

  async close() {
    this.closed = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    for (const done of [...this.waiting.values(), ...this.queued.splice(0)]) done();
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
    }
  }
}

/** Channel names are ours (lower-case words), quoted all the same. */
const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
