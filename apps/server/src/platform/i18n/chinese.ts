import * as OpenCC from 'opencc-js';

/**
 * Simplified ↔ Traditional Chinese with OpenCC's dictionaries (docs/i18n.md). Converters are built once: building
 * one loads its dictionaries (a few MB), converting is then a trie walk.
 */
let toHant: ((text: string) => string) | undefined;

/** Simplified → Traditional as read in Taiwan (OpenCC `cn` → `tw`: characters and variants, not idioms). */
export function toTraditional(text: string): string {
  toHant ??= OpenCC.Converter({ from: 'cn', to: 'tw' });
  return toHant(text);
}

/** Traditional → Simplified: one converter for every caller, built in its own module (see there). */
export { toSimplified } from './simplified.js';
