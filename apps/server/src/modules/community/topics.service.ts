import type { AppContext } from '../../context.js';
import type { AuditService } from '../admin/audit.service.js';

/** Topics (#话题): the list operators keep (docs/community.md, Topics). */
export class TopicsService {
  constructor(
    readonly ctx: AppContext,
    readonly deps: { audit: AuditService },
  ) {}
}
