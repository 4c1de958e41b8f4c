import { ErrorCode, type CreateModelBody, type UpdateModelBody } from '@lingxi/contract';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import type { AuditService } from '../admin/audit.service.js';
import { presentAudited } from './models.presenter.js';
import { modelsRepository as repo, type ModelPatch, type ModelRow } from './models.repository.js';
import { OFFLINE_MODEL_ID, type ModelsService } from './models.service.js';

type Deps = {
  models: ModelsService;
  audit: AuditService;
  /** How many bots name each model (the bots module's count; models do not know bots). */
  botUsage: () => Promise<Map<string, number>>;
};

/** The settings LLM_MODELS gives a model: editing one of them makes the row the console's (docs/admin.md). */
const ENV_FIELDS = [
  'name',
  'baseUrl',
  'apiKey',
  'upstreamModel',
  'chipPrice',
  'contextWindow',
  'vipOnly',
] as const;

const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const conflict = (msg: string) => new AppError(ErrorCode.CONFLICT, msg);
const notFound = () => AppError.notFound('模型不存在');

/**
 * The operators' models and prices (docs/admin.md, Models and prices): every change in one transaction that
 * first locks the model rows (one change at a time), with its audit row; then the models cache is dropped, so
 * the next reply and `GET /model` see it.
 */
export class ModelsAdminService {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: Deps,
  ) {}

  async list() {
    const [rows, usage] = await Promise.all([repo.all(this.ctx.db), this.deps.botUsage()]);
    return rows.map((row) => this.withUsage(row, usage));
  }

  /** One row with its bot count, as the list shows it. */
  private async one(row: ModelRow) {
    return this.withUsage(row, await this.deps.botUsage());
  }

  private withUsage(row: ModelRow, usage: Map<string, number>) {
    const bots = usage.get(row.id) ?? 0;
    return { row, bots, deleteRefusal: this.deleteRefusal(row, bots) };
  }

  /**
   * Why a model cannot be deleted, or null: the offline model, the default, a model LLM_MODELS still lists (a
   * restart would bring it back), and one bots name (with their count): disable it instead.
   */
  private deleteRefusal(row: ModelRow, bots: number) {
    if (row.id === OFFLINE_MODEL_ID) return '离线模型是内置模型，不能删除';
    if (row.isDefault) return '默认模型不能删除，请先把其他模型设为默认';
    if (this.deps.models.configuredIds().includes(row.id)) {
      return '该模型由环境变量 LLM_MODELS 配置，删除后重启会再次出现；请停用它，或先从 LLM_MODELS 中去掉';
    }
    if (bots > 0) return `有${bots}个智能体正在使用该模型，不能删除；可以停用它（这些智能体会改用默认模型）`;
    return null;
  }

  /** Runs a change under the lock of every model row, then forgets the cached models. */
  private async change<T>(work: (tx: Executor, rows: ModelRow[]) => Promise<T>): Promise<T> {
    const result = await this.ctx.db.transaction(async (tx) => work(tx, await repo.lockAll(tx)));
    this.deps.models.forget();
    return result;
  }

  async create(actorId: number, b: CreateModelBody) {
    if (b.provider === 'offline' && (b.base_url || b.api_key)) {
      throw new AppError(ErrorCode.BAD_REQUEST, '离线模型无需接口地址和 API Key');
    }
    const row = await this.change(async (tx, rows) => {
      const created = await repo.insertIfMissing(tx, {
        id: b.id,
        name: b.name,
        provider: b.provider,
        baseUrl: b.provider === 'openai' ? b.base_url : null,
        apiKey: b.provider === 'openai' ? b.api_key : null,
        upstreamModel: b.upstream_model ?? OFFLINE_MODEL_ID,
        chipPrice: b.chip_price,
        vipOnly: b.vip_only,
        contextWindow: b.context_window,
        enabled: b.enabled,
        sort: Math.max(-1, ...rows.map((r) => r.sort)) + 1,
        source: 'console',
        updatedAt: this.ctx.clock.now(),
      });
      if (!created) throw conflict('模型ID已存在，请换一个');
      const inserted = (await repo.byId(tx, b.id))!;
      await this.deps.audit.record(tx, {
        actorId,
        action: 'model.create',
        target: `model:${b.id}`,
        after: presentAudited(inserted),
      });
      return inserted;
    });
    return this.one(row);
  }

  async update(actorId: number, id: string, b: UpdateModelBody) {
    const row = await this.change(async (tx, rows) => {
      const before = rows.find((r) => r.id === id);
      if (!before) throw notFound();
      if (
        before.provider === 'offline' &&
        (b.base_url !== undefined || b.api_key !== undefined || b.upstream_model !== undefined)
      ) {
        throw new AppError(ErrorCode.BAD_REQUEST, '离线模型无需接口地址、API Key 或上游模型');
      }
      if (before.isDefault && b.enabled === false) {
        throw conflict('默认模型不能停用，请先把其他模型设为默认');
      }
      if (before.isDefault && b.vip_only === true) {
        throw conflict('默认模型不能设为仅限会员，请先把其他模型设为默认');
      }
      const wanted: ModelPatch = {
        name: b.name,
        baseUrl: b.base_url,
        apiKey: b.api_key,
        upstreamModel: b.upstream_model,
        chipPrice: b.chip_price,
        vipOnly: b.vip_only,
        contextWindow: b.context_window,
        enabled: b.enabled,
      };
      const patch = Object.fromEntries(
        Object.entries(wanted).filter(([k, v]) => v !== undefined && before[k as keyof ModelRow] !== v),
      ) as ModelPatch;
      if (!Object.keys(patch).length) return before;
      // An operator's edit of what the environment sets makes the row the console's: a restart keeps it.
      const envEdited = ENV_FIELDS.some((k) => k in patch);
      const after = (await repo.update(tx, id, {
        ...patch,
        ...(envEdited && before.source === 'env' ? { source: 'console' as const } : {}),
        updatedAt: this.ctx.clock.now(),
      }))!;
      await this.deps.audit.record(tx, {
        actorId,
        action: 'model.update',
        target: `model:${id}`,
        detail: { fields: Object.keys(patch).map(snake), key_changed: 'apiKey' in patch },
        before: presentAudited(before),
        after: presentAudited(after),
      });
      return after;
    });
    return this.one(row);
  }

  /** The models in the order given: it names every model once (else the list changed meanwhile). */
  async reorder(actorId: number, ids: string[]) {
    await this.change(async (tx, rows) => {
      const known = new Set(rows.map((r) => r.id));
      if (ids.length !== rows.length || !ids.every((id) => known.has(id))) {
        throw conflict('模型列表已变化，请刷新后重试');
      }
      const before = rows.map((r) => r.id);
      if (before.every((id, i) => ids[i] === id)) return;
      const sortOf = new Map(rows.map((r) => [r.id, r.sort]));
      for (const [i, id] of ids.entries()) {
        if (sortOf.get(id) !== i) await repo.update(tx, id, { sort: i, updatedAt: this.ctx.clock.now() });
      }
      await this.deps.audit.record(tx, {
        actorId,
        action: 'model.reorder',
        target: 'model:*',
        before,
        after: ids,
      });
    });
    return this.list();
  }

  /** Exactly one default, enabled and open to everyone (bots without a model of their own use it). */
  async setDefault(actorId: number, id: string) {
    const row = await this.change(async (tx, rows) => {
      const target = rows.find((r) => r.id === id);
      if (!target) throw notFound();
      if (target.isDefault) return target;
      if (!target.enabled) throw conflict('请先启用该模型，再设为默认');
      if (target.vipOnly) throw conflict('仅限会员的模型不能设为默认');
      const previous = rows.find((r) => r.isDefault);
      await repo.setDefault(tx, id);
      await this.deps.audit.record(tx, {
        actorId,
        action: 'model.default',
        target: `model:${id}`,
        before: { default: previous?.id ?? null },
        after: { default: id },
      });
      return (await repo.byId(tx, id))!;
    });
    return this.one(row);
  }

  /** Deletes a model, unless something refuses it (`deleteRefusal`). */
  async remove(actorId: number, id: string) {
    const usage = (await this.deps.botUsage()).get(id) ?? 0;
    await this.change(async (tx, rows) => {
      const target = rows.find((r) => r.id === id);
      if (!target) throw notFound();
      const refusal = this.deleteRefusal(target, usage);
      if (refusal) throw conflict(refusal);
      await repo.remove(tx, id);
      await this.deps.audit.record(tx, {
        actorId,
        action: 'model.delete',
        target: `model:${id}`,
        before: presentAudited(target),
      });
    });
  }
}
