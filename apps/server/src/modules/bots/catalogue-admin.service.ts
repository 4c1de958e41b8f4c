import type { AppContext } from '../../context.js';

/** The catalogue desk (docs/admin.md, Catalogue): categories, featured bots on home and discover, system bots. */
export class CatalogueAdminService {
  constructor(private readonly ctx: AppContext) {}
}
