import type { AppContext } from '../../context.js';
import type { AccountService } from '../account/account.service.js';
import type { NoticesService } from '../notices/notices.service.js';
import type { BlocksService } from './blocks.service.js';
import type { ContentScreen } from './moderation.js';
import type { PostsService } from './posts.service.js';

/** Comments with one level of replies, and their likes (docs/community.md, Comments). */
export class CommentsService {
  constructor(
    readonly ctx: AppContext,
    readonly deps: {
      posts: PostsService;
      account: AccountService;
      screen: ContentScreen;
      blocks: BlocksService;
      notices: NoticesService;
    },
  ) {}
}
