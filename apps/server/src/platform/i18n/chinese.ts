import * as OpenCC from 'opencc-js';

/**
 * Simplified ↔ Traditional Chinese with OpenCC's dictionaries (docs/i18n.md). Converters are built once: building
 * one loads its dictionaries (a few MB), converting is then a trie walk.
 */
let toHant: ((text: string) => string) | undefined;
let toHans: ((text: string) => string) | undefined;

/** Simplified → Traditional as read in Taiwan (OpenCC `cn` → `tw`: characters and variants, not idioms). */
export function toTraditional(text: string): string {
  toHant ??= OpenCC.Converter({ from: 'cn', to: 'tw' });
  return toHant(text);
}

/**
 * Traditional (Taiwan, Hong Kong or OpenCC standard) → Simplified (OpenCC `t` → `cn`): the normal form that text is
 * indexed and searched in, so that jieba's simplified dictionary segments both scripts alike.
 */
export function toSimplified(text: string): string {
  toHans ??= OpenCC.Converter({ from: 't', to: 'cn' });
  return toHans(text);
}
