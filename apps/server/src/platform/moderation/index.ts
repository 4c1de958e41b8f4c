export { assertCleanFields, type TextField } from './fields.js';
export {
  createWordFilter,
  normalise,
  normaliseMapped,
  WordFilterCache,
  type WordFilter,
  type WordHit,
} from './words.js';
