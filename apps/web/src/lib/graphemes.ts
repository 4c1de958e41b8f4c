/**
 * A cut that never splits 👍🏻 or 👨‍👩‍👧: the contract's `cutGraphemes`, the one home of the rule the server's
 * excerpts and previews use too.
 */
export { cutGraphemes as sliceGraphemes } from '@lingxi/contract';
