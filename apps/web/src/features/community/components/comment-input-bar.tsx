import { COMMENT_CONTENT_MAX, countGraphemes, type Comment, type Post } from '@lingxi/contract';
import { Button, TextArea, Toast, type TextAreaRef } from 'antd-mobile';
import { useState, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { PostActions } from '../../../components/post-actions';
import { useSession } from '../../../lib/session';
import { useLoginGate } from '../../../lib/use-login-gate';
import { useCreateComment } from '../api/create-comment';
import './comment-input-bar.css';

/** The counter shows once this close to the limit. */
const COUNTER_FROM = COMMENT_CONTENT_MAX - 50;

interface CommentInputBarProps {
  post: Post;
  /** The comment being answered (回复 @昵称), or null for a new thread. */
  replyTo: Comment | null;
  onReplyDone: () => void;
  inputRef: RefObject<TextAreaRef>;
  /** After a new top-level comment: show it (the list's top). */
  onSent: (comment: Comment) => void;
  onShowComments: () => void;
}

/**
 * The bar fixed at the bottom of a post: 说点什么… beside the like / favourite / comment counts; while writing, the
 * text grows to four lines with 发送 (the counter near the limit). Logged out, a tap goes to login. On the author's
 * own post that is not published it only says that comments open after review.
 */
export function CommentInputBar(props: CommentInputBarProps) {
  const { post, replyTo, onReplyDone, inputRef, onSent, onShowComments } = props;
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  const gate = useLoginGate();
  const create = useCreateComment(post.id);
  const [text, setText] = useState('');
  const [focused, setFocused] = useState(false);
  const length = countGraphemes(text.trim());
  const over = length > COMMENT_CONTENT_MAX;
  const composing = focused || text.length > 0 || replyTo !== null;
  const placeholder = replyTo
    ? t('community.replyPlaceholder', { name: replyTo.author.nickname })
    : t('community.commentPlaceholder');

  const send = () => {
    if (length === 0 || over || create.isPending) return;
    create.mutate(
      { postId: post.id, body: { content: text.trim(), reply_to: replyTo?.id } },
      {
        onSuccess: (comment) => {
          setText('');
          setFocused(false);
          onReplyDone();
          inputRef.current?.blur();
          Toast.show(
            comment.status === 'pending_review'
              ? { content: t('community.commentPending') }
              : { icon: 'success', content: t('community.commentSent') },
          );
          onSent(comment);
        },
      },
    );
  };

  // The keyboard's key says 发送 (enterKeyHint): Enter sends, Shift+Enter is a new line; Enter that ends an IME
  // composition (choosing the characters of a pinyin word) is the IME's, not ours.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing || event.keyCode === 229)
      return;
    event.preventDefault();
    send();
  };

  return (
    <div className="lx-comment-bar" data-testid="comment-bar">
      <div className="lx-comment-bar__row">
        {post.status !== 'published' ? (
          // The author's own post in review (or rejected): nobody can comment on it yet.
          <div
            className="lx-comment-bar__field lx-comment-bar__fake lx-comment-bar__closed"
            aria-disabled="true"
          >
            {t('community.commentAfterReview')}
          </div>
        ) : isLoggedIn ? (
          <div className={`lx-comment-bar__field${composing ? ' lx-comment-bar__field--open' : ''}`}>
            <TextArea
              ref={inputRef}
              value={text}
              onChange={setText}
              placeholder={placeholder}
              aria-label={placeholder}
              autoSize={{ minRows: 1, maxRows: composing ? 4 : 1 }}
              rows={1}
              enterKeyHint="send"
              onKeyDown={onKeyDown}
              onFocus={() => setFocused(true)}
              onBlur={() => {
                setFocused(false);
                if (!text.trim()) onReplyDone();
              }}
            />
          </div>
        ) : (
          <button
            type="button"
            className="lx-comment-bar__field lx-comment-bar__fake"
            onClick={() => gate(() => {})}
          >
            {t('community.commentPlaceholder')}
          </button>
        )}
        {composing ? (
          <Button
            className="lx-comment-bar__send"
            color="primary"
            shape="rounded"
            size="small"
            disabled={length === 0 || over || create.isPending}
            loading={create.isPending}
            // Pressing the button must not blur the text first (the bar would fold before the tap lands).
            onMouseDown={(event) => event.preventDefault()}
            onClick={send}
          >
            {t('community.send')}
          </Button>
        ) : (
          <PostActions post={post} onComment={onShowComments} compact />
        )}
      </div>
      {composing && length >= COUNTER_FROM ? (
        <div className={`lx-comment-bar__counter${over ? ' lx-comment-bar__counter--over' : ''}`}>
          {length}/{COMMENT_CONTENT_MAX}
        </div>
      ) : null}
    </div>
  );
}
