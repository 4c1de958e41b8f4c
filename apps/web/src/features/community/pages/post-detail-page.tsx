import type { Comment, Post } from '@lingxi/contract';
import { Button, DotLoading, Popup, type TextAreaRef } from 'antd-mobile';
import { LinkOutline, MoreOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { LoadErrorState } from '../../../components/load-error-state';
import { PageNavBar } from '../../../components/page-nav-bar';
import { SheetHeader } from '../../../components/sheet-header';
import { SnippetTranscript } from '../../../components/snippet-transcript';
import { copyWithToast } from '../../../lib/clipboard';
import { useNavigateSafe } from '../../../lib/navigation';
import { useLoginGate } from '../../../lib/use-login-gate';
import { useViewportHeight } from '../../../lib/use-viewport-height';
import { usePostShareCard } from '../../../lib/wechat/share-cards';
import { isPostGone, usePost } from '../api/get-post';
import { CommentInputBar } from '../components/comment-input-bar';
import { CommentSection } from '../components/comment-section';
import { PostDetailBody } from '../components/post-detail-body';
import { PostMenu } from '../components/post-menu';
import SnippetDetailPage from './snippet-detail-page';
import './post-detail-page.css';

const scrollToComments = () =>
  document.getElementById('comments')?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });

/** A post that is not there for this viewer: deleted, never was, or someone else's waiting for review. */
function PostGone() {
  const { t } = useTranslation();
  const nav = useNavigateSafe();
  return (
    <div className="lx-post-detail__state">
      <EmptyState
        title={t('community.postGone')}
        text={t('community.postGoneText')}
        action={
          <Button shape="rounded" color="primary" fill="outline" onClick={() => void nav.replace('/post')}>
            {t('community.toFeed')}
          </Button>
        }
      />
    </div>
  );
}

function PostView({ post }: { post: Post }) {
  const { t } = useTranslation();
  const nav = useNavigateSafe();
  const gate = useLoginGate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const [menuOpen, setMenuOpen] = useState(false);
  const [replyTo, setReplyTo] = useState<Comment | null>(null);
  const inputRef = useRef<TextAreaRef>(null);
  const focusId = Number(params.get('comment')) || null;
  const snippetOpen = params.get('view') === 'snippet' && post.snippet !== null;
  usePostShareCard(post);

  useEffect(() => {
    if (location.hash === '#comments') scrollToComments();
  }, [location.hash]);

  const openSnippet = () =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('view', 'snippet');
        return next;
      },
      { state: { snippetFromPage: true } },
    );
  // Opened on this page, back closes it; opened from the feed's card, it folds away and leaves the post.
  const closeSnippet = () => {
    if ((location.state as { snippetFromPage?: boolean } | null)?.snippetFromPage)
      nav.back(`/post/detail?id=${post.id}`);
    else
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.delete('view');
          return next;
        },
        { replace: true },
      );
  };
  const reply = (comment: Comment) =>
    gate(() => {
      setReplyTo(comment);
      // Now, inside the tap: iOS opens the keyboard only for a focus the user's gesture makes.
      inputRef.current?.focus();
    });

  return (
    <>
      <div className="lx-post-detail__nav">
        <PageNavBar
          title={t('titles.postDetail')}
          backFallback="/post"
          right={
            <span className="lx-post-detail__nav-actions">
              <button
                type="button"
                className="lx-post-detail__icon"
                aria-label={t('community.share')}
                onClick={() =>
                  void copyWithToast(
                    `${window.location.origin}/post/detail?id=${post.id}`,
                    t('community.linkCopied'),
                  )
                }
              >
                <LinkOutline />
              </button>
              <button
                type="button"
                className="lx-post-detail__icon"
                aria-label={t('community.more')}
                onClick={() => setMenuOpen(true)}
                data-testid="post-menu"
              >
                <MoreOutline />
              </button>
            </span>
          }
        />
      </div>
      <main className="lx-post-detail__main">
        <PostDetailBody post={post} onOpenSnippet={openSnippet} />
        <CommentSection post={post} focusId={focusId} onReply={reply} />
      </main>
      <CommentInputBar
        post={post}
        replyTo={replyTo}
        onReplyDone={() => setReplyTo(null)}
        inputRef={inputRef}
        onSent={(comment) => {
          if (comment.root_id === null) scrollToComments();
        }}
        onShowComments={scrollToComments}
      />
      <PostMenu post={post} visible={menuOpen} onClose={() => setMenuOpen(false)} />
      {post.snippet ? (
        <Popup
          visible={snippetOpen}
          onMaskClick={closeSnippet}
          onClose={closeSnippet}
          bodyClassName="lx-post-detail__snippet-popup"
        >
          <SheetHeader title={t('community.snippetTitle')} onClose={closeSnippet} />
          <div className="lx-post-detail__snippet-body" data-testid="snippet-view">
            <SnippetTranscript snippet={post.snippet} />
          </div>
        </Popup>
      ) : null}
    </>
  );
}

function PostDetail({ id }: { id: number }) {
  const post = usePost(id);
  let body;
  if (!(id > 0) || isPostGone(post.error) || post.data?.status === 'deleted') body = <PostGone />;
  else if (post.data) return <PostView post={post.data} />;
  else if (post.isError)
    body = (
      <div className="lx-post-detail__state">
        <LoadErrorState card error={post.error} onRetry={() => void post.refetch()} />
      </div>
    );
  else
    body = (
      <div className="lx-post-detail__loading" role="status">
        <DotLoading color="primary" />
      </div>
    );
  return (
    <>
      <PostDetailNav />
      {body}
    </>
  );
}

function PostDetailNav() {
  const { t } = useTranslation();
  return (
    <div className="lx-post-detail__nav">
      <PageNavBar title={t('titles.postDetail')} backFallback="/post" />
    </div>
  );
}

/**
 * /post/detail?id=: a post, its comments and the bar to write one. `?comment=` (from a message) scrolls to that
 * thread, `?view=snippet` opens its snippet. `?snippet=` (no `id`) is one of the user's own snippets instead.
 */
export default function PostDetailPage() {
  const [params] = useSearchParams();
  const height = useViewportHeight();
  if (params.get('snippet') && !params.get('id')) return <SnippetDetailPage />;
  // A column as tall as what the keyboard leaves: the post scrolls, the comment bar stays right above the keys.
  return (
    <div className="lx-post-detail" style={{ height }}>
      <PostDetail id={Number(params.get('id'))} />
    </div>
  );
}
