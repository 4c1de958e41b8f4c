import { COMMENT_REPLY_PREVIEW, type Comment, type CommentThread } from '@lingxi/contract';
import { DotLoading } from 'antd-mobile';
import { DownOutline, UpOutline } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReplies } from '../api/get-replies';
import { CommentItem, type CommentHandlers } from './comment-item';

/** The thread's replies as shown: the preview and what was fetched, each once, oldest first. */
export function mergeReplies(preview: readonly Comment[], fetched: readonly Comment[]): Comment[] {
  const byId = new Map<number, Comment>();
  for (const reply of [...preview, ...fetched]) byId.set(reply.id, reply);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

interface CommentThreadProps extends CommentHandlers {
  thread: CommentThread;
  postAuthorId: number;
}

/** A top-level comment and its replies: the first ones, then 展开 N 条回复 pages through the rest. */
export function CommentThreadView({ thread, postAuthorId, onReply, onMenu }: CommentThreadProps) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const replies = useReplies(thread.id, expanded);
  const fetched = useMemo(() => replies.data?.pages.flatMap((page) => page.list) ?? [], [replies.data]);
  const shown = expanded ? mergeReplies(thread.replies, fetched) : thread.replies;
  const remaining = Math.max(0, thread.reply_count - shown.length);

  let toggle = null;
  if (expanded && replies.isFetching)
    toggle = (
      <span className="lx-thread__toggle" role="status">
        <DotLoading />
      </span>
    );
  // Not opened yet, or its first page failed to load: 展开 (again) is the retry.
  else if ((!expanded || (replies.isError && !replies.data)) && remaining > 0)
    toggle = (
      <button
        type="button"
        className="lx-thread__toggle"
        onClick={() => (expanded ? void replies.refetch() : setExpanded(true))}
      >
        {t('community.expandReplies', { n: remaining })}
        <DownOutline />
      </button>
    );
  else if (expanded && replies.hasNextPage)
    toggle = (
      <button type="button" className="lx-thread__toggle" onClick={() => void replies.fetchNextPage()}>
        {t('community.moreReplies')}
        <DownOutline />
      </button>
    );
  else if (expanded && shown.length > COMMENT_REPLY_PREVIEW)
    toggle = (
      <button type="button" className="lx-thread__toggle" onClick={() => setExpanded(false)}>
        {t('community.collapseReplies')}
        <UpOutline />
      </button>
    );

  return (
    <section className="lx-thread" id={`comment-${thread.id}`} data-testid="comment-thread">
      <CommentItem comment={thread} postAuthorId={postAuthorId} onReply={onReply} onMenu={onMenu} />
      {shown.length > 0 || toggle ? (
        <div className="lx-thread__replies">
          {shown.map((reply) => (
            <CommentItem
              key={reply.id}
              comment={reply}
              postAuthorId={postAuthorId}
              reply
              onReply={onReply}
              onMenu={onMenu}
            />
          ))}
          {toggle}
        </div>
      ) : null}
    </section>
  );
}
