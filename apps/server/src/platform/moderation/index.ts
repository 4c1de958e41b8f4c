export { assertCleanFields, type TextField } from './fields.js';
export { createWordFilter, normalise, WordFilterCache, type WordFilter } from './words.js';
