import { AppError } from '../errors.js';
import type { WordFilter } from './words.js';

/** A text field of a form: its wire name, the label users know it by, and its value(s). */
export type TextField = { field: string; label: string; value: string | readonly string[] };

/**
 * Refuses the first field that contains a listed word, naming the field and the word:
 * 「简介」包含不当内容：xx. The data names the field as a validation failure does.
 */
export function assertCleanFields(filter: WordFilter, fields: readonly TextField[]) {
  for (const f of fields) {
    const values = typeof f.value === 'string' ? [f.value] : f.value;
    for (const [i, value] of values.entries()) {
      const word = filter.find(value);
      if (!word) continue;
      const field = typeof f.value === 'string' ? f.field : `${f.field}.${i}`;
      const message = `「${f.label}」包含不当内容：${word}`;
      throw AppError.badRequest(message, { field, issues: [{ field, message }] });
    }
  }
}
