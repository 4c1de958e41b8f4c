import { bigint, jsonb, timestamp } from 'drizzle-orm/pg-core';

export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
export const ref = (name: string) => bigint(name, { mode: 'number' });

/**
 * A platform-owned text's translations, beside its zh-Hans source: per locale, per field (docs/i18n.md, Data the
 * platform owns). The contract's `Translations`, repeated because drizzle-kit loads the schema without the
 * workspace.
 */
export type StoredTranslations = Partial<
  Record<'en' | 'es' | 'fr' | 'zh-Hant', Record<string, string | string[]>>
>;
export const translations = () => jsonb('translations').$type<StoredTranslations>().notNull().default({});
