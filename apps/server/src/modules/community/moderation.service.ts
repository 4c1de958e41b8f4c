import type { AppContext } from '../../context.js';
import type { AuditService } from '../admin/audit.service.js';
import type { NoticesService } from '../notices/notices.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { CommentsService } from './comments.service.js';
import type { PostsService } from './posts.service.js';

/** Review of flagged posts and comments, reports, and operators' removals (docs/community.md, Moderation). */
export class ModerationService {
  constructor(
    readonly ctx: AppContext,
    readonly deps: {
      posts: PostsService;
      comments: CommentsService;
      notices: NoticesService;
      audit: AuditService;
      settings: SettingsService;
    },
  ) {}
}
