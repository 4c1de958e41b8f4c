import { ErrorCode } from '@lingxi/contract';
import type { Config } from '../../config.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../db/client.js';
import type { Listen } from '../../platform/announced-cache.js';
import { AppError } from '../../platform/errors.js';
import { modelsRepository as repo, type ModelRow } from './models.repository.js';

/** Other modules present a model through this service's module. */
export { presentModelBrief, type PriceFor } from './models.presenter.js';

export const OFFLINE_MODEL_ID = 'offline';
/** docs/product.md, Chat: a VIP-only model refused to a non-member (or a lapsed one). */
export const VIP_ONLY_MESSAGE = '该模型仅限会员使用，开通会员即可使用';

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9.-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'model';

/**
 * Models change rarely (at start, or by an operator): every reply reads them from memory. On PostgreSQL,
 * rows older than this are still served while a fresh read runs in the background, so no reply waits for
 * one; the embedded database announces each change instead (migration 0007), and the rows are read again
 * only then.
 */
const CACHE_MS = 5_000;

/** Models are rows: the offline model always, those configured by LLM_* variables, and the console's. */
export class ModelsService {
  private cache: { at: number; rows: ModelRow[] } | null = null;
  private refreshing: Promise<ModelRow[]> | null = null;
  private maxAgeMs = CACHE_MS;
  /** Changes announced so far: rows read before one are not kept after it. */
  private changes = 0;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly clock: Clock,
  ) {}

  /** The ids of the models LLM_MODELS configures. */
  configuredIds(): string[] {
    return this.config.llm.models.map((spec) => slug(spec.upstreamModel));
  }

  /**
   * The offline model always; the models of LLM_MODELS created when missing, and their settings following the
   * environment while no operator has edited them (source `env`); LLM_DEFAULT_MODEL (else the first of them)
   * made the default when its row is created now, or when there is no default (docs/admin.md, Models and prices).
   * Enabled, order and the default are otherwise the console's: a restart keeps them.
   */
  async bootstrap() {
    const created: string[] = [];
    const offline = {
      id: OFFLINE_MODEL_ID,
      name: '离线模型',
      provider: 'offline' as const,
      upstreamModel: OFFLINE_MODEL_ID,
      chipPrice: 1,
      contextWindow: 8192,
      sort: 1000,
      source: 'builtin' as const,
    };
    if (await repo.insertIfMissing(this.db, offline)) created.push(OFFLINE_MODEL_ID);
    else if ((await repo.byId(this.db, OFFLINE_MODEL_ID))?.source !== 'builtin') {
      // A row from before the console (migration 0018 marked every row `env`).
      await repo.update(this.db, OFFLINE_MODEL_ID, { source: 'builtin' });
    }
    const { llm } = this.config;
    for (const [i, spec] of llm.models.entries()) {
      const id = slug(spec.upstreamModel);
      const settings = {
        name: spec.name,
        baseUrl: llm.baseUrl,
        apiKey: llm.apiKey,
        upstreamModel: spec.upstreamModel,
        chipPrice: spec.chipPrice,
        contextWindow: spec.contextWindow,
        vipOnly: spec.vipOnly,
      };
      const row = { id, ...settings, provider: 'openai' as const, sort: i, source: 'env' as const };
      if (await repo.insertIfMissing(this.db, row)) {
        created.push(id);
        continue;
      }
      const current = await repo.byId(this.db, id);
      const changed = (Object.keys(settings) as (keyof typeof settings)[]).some(
        (k) => current?.[k] !== settings[k],
      );
      if (current?.source === 'env' && changed) {
        await repo.update(this.db, id, { ...settings, updatedAt: this.clock.now() });
      }
    }
    const wanted = llm.defaultModel ? slug(llm.defaultModel) : this.configuredIds()[0];
    const current = await repo.defaultModel(this.db);
    const candidate =
      wanted && (!current || created.includes(wanted)) ? await repo.byId(this.db, wanted) : undefined;
    if (candidate?.enabled && !candidate.vipOnly) await repo.setDefault(this.db, candidate.id);
    else if (!current) {
      // The platform always has a default: the offline model, which needs nothing.
      await repo.update(this.db, OFFLINE_MODEL_ID, { enabled: true, vipOnly: false });
      await repo.setDefault(this.db, OFFLINE_MODEL_ID);
    }
    this.forget();
  }

  /** Bumped by each change seen (forget): answers built from the models are keyed by it. */
  get version() {
    return this.changes;
  }

  /** Rows read before now are not served after: an operator's change takes effect at the next reply. */
  forget() {
    this.changes++;
    this.cache = null;
    this.refreshing = null;
  }

  /** Where the database announces changed models, the cache lasts until it does. */
  async start(listen: Listen) {
    if (!listen) return;
    await listen(
      'models_changed',
      () => this.forget(),
      () => this.forget(),
    );
    this.maxAgeMs = 10 * 60_000;
  }

  private async enabled() {
    if (!this.cache) return this.refresh();
    if (Date.now() - this.cache.at > this.maxAgeMs) void this.refresh().catch(() => undefined);
    return this.cache.rows;
  }

  /** One read at a time; its rows replace the cache, unless a change was announced while it ran. */
  private refresh() {
    if (this.refreshing) return this.refreshing;
    const changes = this.changes;
    const refreshing = repo
      .enabled(this.db)
      .then((rows) => {
        if (changes === this.changes) this.cache = { at: Date.now(), rows };
        return rows;
      })
      .finally(() => {
        if (this.refreshing === refreshing) this.refreshing = null;
      });
    this.refreshing = refreshing;
    return refreshing;
  }

  /** Models a user may pick: VIP-only ones need a VIP. */
  async list(isVip: boolean) {
    return (await this.enabled()).filter((m) => isVip || !m.vipOnly);
  }

  async defaultModel(): Promise<ModelRow> {
    const rows = await this.enabled();
    return (
      rows.find((m) => m.isDefault) ??
      rows.find((m) => m.id === OFFLINE_MODEL_ID) ??
      (await repo.byId(this.db, OFFLINE_MODEL_ID))!
    );
  }

  /**
   * The model a bot's replies run on for this user: the bot's own, else the platform default (when the bot names
   * none, a retired one, or a VIP-only one and the user is no VIP).
   */
  async forBot(modelId: string | null, isVip: boolean): Promise<ModelRow> {
    return this.resolve(modelId, isVip).catch((err: unknown) => {
      if (err instanceof AppError) return this.defaultModel();
      throw err;
    });
  }

  /** The model a reply runs on: the one asked for, else the bot's, else the platform default. */
  async resolve(id: string | null | undefined, isVip: boolean): Promise<ModelRow> {
    if (!id) return this.defaultModel();
    const model = (await this.enabled()).find((m) => m.id === id);
    if (!model) throw new AppError(ErrorCode.BAD_REQUEST, '该模型不存在或已停用');
    // A lapsed member too: the message offers membership, and `vip_only` lets a client open the member centre.
    if (model.vipOnly && !isVip) {
      throw new AppError(ErrorCode.FORBIDDEN, VIP_ONLY_MESSAGE, { vip_only: true });
    }
    return model;
  }
}
