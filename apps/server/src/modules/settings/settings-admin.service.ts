import { isDeepStrictEqual } from 'node:util';
import {
  SETTING_CATALOGUE,
  SETTING_KEYS,
  settingIssues,
  type SettingKey,
  type SettingValues,
} from '@lingxi/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../platform/errors.js';
import type { AuditService } from '../admin/audit.service.js';
import { MONEY_DEFAULTS } from './money.defaults.js';
import { PUBLIC_DEFAULTS } from './public.defaults.js';
import { RULE_SETTING_DEFAULTS } from './rules.defaults.js';
import { settingsAdminRepository as repo, type SettingRow } from './settings-admin.repository.js';
import type { SettingsService } from './settings.service.js';

/** Every catalogued setting's default, from the files beside the code that reads them. */
export const SETTING_DEFAULTS: SettingValues = {
  ...PUBLIC_DEFAULTS,
  ...RULE_SETTING_DEFAULTS,
  ...MONEY_DEFAULTS,
};

/** A setting as the console edits it; the catalogue's metadata is added by the presenter. */
export type SettingEntry = {
  key: SettingKey;
  /** The value in force: the stored one when it passes its schema, else the default. */
  value: unknown;
  default: unknown;
  overridden: boolean;
  updatedAt: Date | null;
};

const isValid = (key: SettingKey, value: unknown) => SETTING_CATALOGUE[key].schema.safeParse(value).success;

function entryOf(key: SettingKey, row: SettingRow | undefined): SettingEntry {
  const overridden = !!row && isValid(key, row.value);
  return {
    key,
    value: overridden ? row.value : SETTING_DEFAULTS[key],
    default: SETTING_DEFAULTS[key],
    overridden,
    updatedAt: overridden ? row.updatedAt : null,
  };
}

/**
 * The operators' settings desk (docs/admin.md, Settings): every catalogued setting with its value and default;
 * a change is validated by the key's schema, written with its audit row in one transaction, and in force in this
 * process at once (other processes: when the change is announced, docs/scaling.md).
 */
export class SettingsAdminService {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: { settings: SettingsService; audit: AuditService },
  ) {}

  async list(): Promise<SettingEntry[]> {
    const rows = new Map((await repo.rows(this.ctx.db, SETTING_KEYS)).map((r) => [r.key, r]));
    return SETTING_KEYS.map((key) => entryOf(key, rows.get(key)));
  }

  /** Sets a value; the value already in force (stored, or the default) changes nothing and writes no audit row. */
  async update(actorId: number, key: SettingKey, raw: unknown): Promise<SettingEntry> {
    const parsed = SETTING_CATALOGUE[key].schema.safeParse(raw);
    if (!parsed.success) {
      const issues = settingIssues(key, parsed.error);
      throw AppError.badRequest(issues[0]!.message, { field: issues[0]!.field, issues });
    }
    const value: unknown = parsed.data;
    const row = await this.ctx.db.transaction(async (tx) => {
      // Twice at most: a first value inserted by another operator meanwhile is locked and compared on the second.
      for (;;) {
        const current = await repo.lock(tx, key);
        if (isDeepStrictEqual(entryOf(key, current).value, value)) return current;
        const at = this.ctx.clock.now();
        const written = current
          ? await repo.update(tx, key, value, at)
          : await repo.insert(tx, key, value, at);
        if (!written) continue;
        await this.deps.audit.record(tx, {
          actorId,
          action: 'setting.update',
          target: `setting:${key}`,
          detail: { label: SETTING_CATALOGUE[key].label },
          before: entryOf(key, current).value,
          after: value,
        });
        return written;
      }
    });
    this.deps.settings.forget();
    return entryOf(key, row);
  }

  /** Restores the default (removes the operator's value); nothing to restore writes no audit row. */
  async reset(actorId: number, key: SettingKey): Promise<SettingEntry> {
    await this.ctx.db.transaction(async (tx) => {
      const removed = await repo.remove(tx, key);
      if (!removed) return;
      await this.deps.audit.record(tx, {
        actorId,
        action: 'setting.reset',
        target: `setting:${key}`,
        detail: { label: SETTING_CATALOGUE[key].label },
        before: entryOf(key, removed).value,
        after: SETTING_DEFAULTS[key],
      });
    });
    this.deps.settings.forget();
    return entryOf(key, undefined);
  }
}
