import type { AppContext } from '../../context.js';

/** The console's dashboard figures by China day (docs/admin.md, Dashboard). */
export class DashboardService {
  constructor(private readonly ctx: AppContext) {}
}
