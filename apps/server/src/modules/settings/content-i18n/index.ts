import type { Translations } from '@lingxi/contract';
import { en } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { zhHant } from './zh-hant.js';

/** A sample content page's translations, by slug (docs/i18n.md, Data the platform owns). */
export function contentPageTranslations(slug: string): Translations {
  const out: Translations = {};
  const all = { en, es, fr, 'zh-Hant': zhHant } as const;
  for (const [locale, pages] of Object.entries(all) as [keyof typeof all, typeof en][]) {
    const page = pages[slug];
    if (page) out[locale] = { title: page.title, body: page.body };
  }
  return out;
}
