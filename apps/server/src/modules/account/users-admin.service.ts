import type { AppContext } from '../../context.js';

/** Operators' user desk (docs/admin.md, Users): search, detail, disable/enable, chips, VIP days, the operator role. */
export class UsersAdminService {
  constructor(private readonly ctx: AppContext) {}
}
