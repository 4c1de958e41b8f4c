import { randomBytes } from 'node:crypto';
import { APP_VERSION, APP_VERSION_CODE, type ContentSlug, type PublicSettings } from '@lingxi/contract';
import type { Config } from '../../config.js';
import type { Db, Executor } from '../../db/client.js';
import type { Listen } from '../../platform/announced-cache.js';
import { AppError } from '../../platform/errors.js';
import { DEFAULT_CONTENT_PAGES } from './content.defaults.js';
import { contentPageTranslations } from './content-i18n/index.js';
import { RULE_CHECKS, RULE_DEFAULTS, type RuleSettings } from './rules.defaults.js';
import { MONEY_CHECKS, MONEY_DEFAULTS, type MoneySettings } from './money.defaults.js';
import { PUBLIC_CHECKS, PUBLIC_DEFAULTS } from './public.defaults.js';
import { settingsRepository as repo } from './settings.repository.js';

const PUBLIC_KEYS = Object.keys(PUBLIC_DEFAULTS);

/** The app's current release, for the client's update check. */
export type AppVersion = {
  version: string;
  versionCode: number;
  downloadUrl: string;
  notes: string[];
  forceUpdate: boolean;
  releasedAt: string;
};
const CACHE_MS = 5_000;
/** Where changes are announced the cache lasts until they are; this is only a safety net. */
const ANNOUNCED_CACHE_MS = 10 * 60_000;

export class SettingsService {
  private cache: { at: number; value: PublicSettings } | null = null;
  private rulesCache: { at: number; value: RuleSettings } | null = null;
  private moneyCache: { at: number; value: MoneySettings } | null = null;
  /** Bumped by forget(): a read that began before it does not cache what it read. */
  private generation = 0;
  private maxAgeMs = CACHE_MS;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
  ) {}

  /**
   * Sample content and the server secret on first start; never overwrites an operator's edits. A sample page
   * still as shipped and without translations (an install older than them) gets the sample's translations.
   */
  async bootstrap(): Promise<{ secret: string }> {
    const pages = DEFAULT_CONTENT_PAGES.map((p) => ({ ...p, translations: contentPageTranslations(p.slug) }));
    await repo.ensureContentPages(this.db, pages);
    for (const page of pages) await repo.translateSampleContentPage(this.db, page);
    const secret = await repo.ensure(this.db, 'internal.secret', randomBytes(32).toString('hex'));
    return { secret: String(secret) };
  }

  async publicSettings(): Promise<PublicSettings> {
    const now = Date.now();
    if (this.cache && now - this.cache.at < this.maxAgeMs) return this.cache.value;
    const gen = this.generation;
    const stored = await repo.values(this.db, PUBLIC_KEYS);
    const value: PublicSettings = { ...PUBLIC_DEFAULTS, cdn_base: this.config.cdnBase };
    for (const key of Object.keys(PUBLIC_CHECKS) as (keyof typeof PUBLIC_CHECKS)[]) {
      const v = stored.get(key);
      if (PUBLIC_CHECKS[key](v)) Object.assign(value, { [key]: v });
    }
    if (gen === this.generation) this.cache = { at: now, value };
    return value;
  }

  /** The settings the server's rules read (limits, the sensitive-word list), cached for a few seconds. */
  async rules(): Promise<RuleSettings> {
    const now = Date.now();
    if (this.rulesCache && now - this.rulesCache.at < this.maxAgeMs) return this.rulesCache.value;
    const gen = this.generation;
    const stored = await repo.values(this.db, Object.keys(RULE_DEFAULTS));
    const value = { ...RULE_DEFAULTS };
    for (const key of Object.keys(RULE_CHECKS) as (keyof RuleSettings)[]) {
      const v = stored.get(key);
      if (RULE_CHECKS[key](v)) Object.assign(value, { [key]: v });
    }
    if (gen === this.generation) this.rulesCache = { at: now, value };
    return value;
  }

  /**
   * Where the database announces changed settings (migration 0020: `settings_changed`, payload the table),
   * every process forgets them when they change (docs/scaling.md, Caches); the content pages are not kept.
   */
  async start(listen: Listen) {
    if (!listen) return;
    await listen(
      'settings_changed',
      (table) => table === 'settings' && this.forget(),
      () => this.forget(),
    );
    this.maxAgeMs = ANNOUNCED_CACHE_MS;
  }

  /**
   * Reads the stored settings again on next use (after an operator changed them, or a test). Without
   * announcements another process keeps its cache: a change takes effect there within CACHE_MS.
   */
  forget() {
    this.generation++;
    this.cache = null;
    this.rulesCache = null;
    this.moneyCache = null;
  }

  /**
   * The money settings (prices, rewards, limits), cached as the rules are. Inside a transaction pass it as
   * `db`: on the embedded database a read outside an open transaction waits for it to end.
   */
  async money(db: Executor = this.db): Promise<MoneySettings> {
    const now = Date.now();
    if (this.moneyCache && now - this.moneyCache.at < this.maxAgeMs) return this.moneyCache.value;
    const gen = this.generation;
    const stored = await repo.values(db, Object.keys(MONEY_DEFAULTS));
    const value = { ...MONEY_DEFAULTS };
    for (const key of Object.keys(MONEY_CHECKS) as (keyof MoneySettings)[]) {
      const v = stored.get(key);
      if (MONEY_CHECKS[key](v)) Object.assign(value, { [key]: v });
    }
    if (gen === this.generation) this.moneyCache = { at: now, value };
    return value;
  }

  version(): AppVersion {
    return {
      version: APP_VERSION,
      versionCode: APP_VERSION_CODE,
      downloadUrl: this.config.downloadUrl || `${this.config.publicUrl}/download-app`,
      notes: ['手机号验证码登录', '个人资料与头像', '意见反馈', '多语言界面'],
      forceUpdate: false,
      releasedAt: '2026-11-21',
    };
  }

  async content(slug: ContentSlug) {
    const row = await repo.contentPage(this.db, slug);
    if (!row) throw AppError.notFound('页面不存在');
    return row;
  }
}
