import type { AppContext } from '../../context.js';

/** 拉黑 (docs/community.md, Blocks): who blocked whom. */
export class BlocksService {
  constructor(readonly ctx: AppContext) {}
}
