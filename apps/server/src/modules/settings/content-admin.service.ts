import {
  contentParams,
  ErrorCode,
  type contentPageBody,
  type ContentSlug,
  type SensitiveWordsBody,
} from '@lingxi/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { AppError } from '../../platform/errors.js';
import {
  createWordFilter,
  normalise,
  WordFilterCache,
  type WordHit,
} from '../../platform/moderation/index.js';
import type { AuditService } from '../admin/audit.service.js';
import { contentAdminRepository as repo } from './content-admin.repository.js';
import { RULE_CHECKS, RULE_DEFAULTS } from './rules.defaults.js';
import type { ContentPageRow } from './settings.repository.js';
import type { SettingsService } from './settings.service.js';

const WORDS_KEY = 'sensitive_words';
/** The slugs in the order the console lists them (the contract's). */
const SLUGS: readonly string[] = contentParams.shape.slug.options;

type PageInput = Omit<z.output<typeof contentPageBody>, 'base_updated_at'> & { base_updated_at?: string };

/** The sensitive-word list as stored, and when an operator last saved it (null: the starting list). */
export type WordList = { words: string[]; updatedAt: Date | null };
export type WordsSaved = WordList & { added: string[]; removed: string[] };

/**
 * What the console's content area edits in the settings module (docs/admin.md, Content): the content pages the
 * app shows (`GET /content/{slug}` reads the table, so a save is live at once), and the sensitive-word list (a
 * rule setting: this process forgets its cached rules on save; another process when the change is announced, docs/scaling.md).
 */
export class ContentAdminService {
  /** The saved list's matcher, kept between test-box calls (a 5,000-word automaton is not free). */
  private readonly saved = new WordFilterCache();

  constructor(
    private readonly ctx: AppContext,
    private readonly deps: { settings: SettingsService; audit: AuditService },
  ) {}

  async pages(): Promise<ContentPageRow[]> {
    const rows = await repo.contentPages(this.ctx.db);
    return rows
      .filter((r) => SLUGS.includes(r.slug))
      .sort((a, b) => SLUGS.indexOf(a.slug) - SLUGS.indexOf(b.slug));
  }

  page(slug: ContentSlug): Promise<ContentPageRow> {
    return this.deps.settings.content(slug);
  }

  /**
   * Saves a page's title and Markdown, audited with both versions. An editor that started from an older version
   * (another operator saved since) is refused rather than overwriting their edit; an unchanged save writes nothing.
   */
  async savePage(actorId: number, slug: ContentSlug, input: PageInput): Promise<ContentPageRow> {
    return this.ctx.db.transaction(async (tx) => {
      const before = await repo.lockedContentPage(tx, slug);
      if (!before) throw AppError.notFound('页面不存在');
      if (input.base_updated_at && input.base_updated_at !== before.updatedAt.toISOString()) {
        throw new AppError(ErrorCode.CONFLICT, '该页面已被其他运营修改，请刷新后再编辑');
      }
      // Left out by the editor: the stored translations stay (docs/i18n.md, Data the platform owns).
      const translations = input.translations ?? before.translations;
      const same = JSON.stringify(translations) === JSON.stringify(before.translations);
      if (before.title === input.title && before.body === input.body && same) return before;
      const row = await repo.updateContentPage(tx, slug, {
        title: input.title,
        body: input.body,
        translations,
        updatedAt: this.ctx.clock.now(),
      });
      await this.deps.audit.record(tx, {
        actorId,
        action: 'content.update',
        target: `content:${slug}`,
        detail: { title: input.title },
        before: { title: before.title, body: before.body, translations: before.translations },
        after: { title: row.title, body: row.body, translations: row.translations },
      });
      return row;
    });
  }

  async words(): Promise<WordList> {
    const row = await repo.setting(this.ctx.db, WORDS_KEY);
    if (!row || !RULE_CHECKS.sensitive_words(row.value)) {
      return { words: RULE_DEFAULTS.sensitive_words, updatedAt: null };
    }
    return { words: row.value, updatedAt: row.updatedAt };
  }

  /**
   * Replaces the list (docs/admin.md, Content), audited with what was added and removed. A save that changes
   * nothing writes nothing. New posts and comments are screened with it at once in this process.
   */
  async saveWords(actorId: number, input: SensitiveWordsBody): Promise<WordsSaved> {
    const words = distinctWords(input.words);
    const saved = await this.ctx.db.transaction(async (tx) => {
      const row = await repo.lockedSetting(tx, WORDS_KEY);
      const valid = row && RULE_CHECKS.sensitive_words(row.value);
      const before = valid ? (row.value as string[]) : RULE_DEFAULTS.sensitive_words;
      const had = new Set(before);
      const has = new Set(words);
      const added = words.filter((w) => !had.has(w));
      const removed = before.filter((w) => !has.has(w));
      if (valid && !added.length && !removed.length && sameOrder(before, words)) {
        return { words: before, updatedAt: row.updatedAt, added, removed };
      }
      const stored = await repo.putSetting(tx, WORDS_KEY, words, this.ctx.clock.now());
      await this.deps.audit.record(tx, {
        actorId,
        action: 'sensitive_words.update',
        target: `setting:${WORDS_KEY}`,
        detail: { added, removed, count: words.length },
      });
      return { words, updatedAt: stored.updatedAt, added, removed };
    });
    this.deps.settings.forget();
    return saved;
  }

  /**
   * Where a text hits the list, with the matcher the app screens posts with (platform/moderation): the saved
   * list, or the one sent, so an operator can try a list before saving it.
   */
  async test(text: string, candidate?: string[]): Promise<WordHit[]> {
    const filter = candidate
      ? createWordFilter(distinctWords(candidate))
      : this.saved.get((await this.words()).words);
    return filter.findAll(text);
  }
}

const sameOrder = (a: string[], b: string[]) => a.length === b.length && a.every((w, i) => w === b[i]);

/**
 * The list as kept: one spelling per word as matching reads it (「坏 词」 repeats 「坏词」), the first one kept;
 * a word of no letters or digits is refused (it could never match).
 */
function distinctWords(words: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const [i, word] of words.entries()) {
    const key = normalise(word);
    if (!key) {
      const field = `words.${i}`;
      const message = `「${word}」不含文字或数字，无法匹配`;
      throw AppError.badRequest(message, { field, issues: [{ field, message }] });
    }
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(word);
  }
  return out;
}
