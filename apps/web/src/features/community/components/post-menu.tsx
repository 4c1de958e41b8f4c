import type { Post } from '@lingxi/contract';
import { ActionSheet, type ActionSheetProps } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDangerThen } from '../../../lib/confirm-danger';
import { useNavigateSafe } from '../../../lib/navigation';
import { useLoginGate } from '../../../lib/use-login-gate';
import { useBlockUser } from '../api/block-user';
import { useDeletePost } from '../api/delete-post';
import { ReportPopup } from './report-popup';

interface PostMenuProps {
  post: Post;
  visible: boolean;
  onClose: () => void;
}

/**
 * The ··· of a post: 举报 and 拉黑作者 for someone else's, 删除 for one's own. Blocking or deleting leaves the page
 * for the feed, where the post (or all of that author's) is gone.
 */
export function PostMenu({ post, visible, onClose }: PostMenuProps) {
  const { t } = useTranslation();
  const nav = useNavigateSafe();
  const gate = useLoginGate();
  const block = useBlockUser();
  const remove = useDeletePost();
  const [reporting, setReporting] = useState(false);

  const blockAuthor = async () => {
    const done = await confirmDangerThen(
      {
        title: t('community.blockTitle', { name: post.author.nickname }),
        content: t('community.blockConfirm'),
        confirmText: t('community.block'),
        done: t('community.blocked'),
      },
      () => block.mutateAsync(post.author.id),
    );
    if (done) nav.back('/post');
  };
  const deletePost = async () => {
    const done = await confirmDangerThen(
      {
        content: t('community.deletePostConfirm'),
        confirmText: t('community.delete'),
        done: t('community.deleted'),
      },
      () => remove.mutateAsync(post.id),
    );
    if (done) nav.back('/post');
  };

  const actions: ActionSheetProps['actions'] = post.is_mine
    ? [{ key: 'delete', text: t('community.deletePost'), danger: true, onClick: () => void deletePost() }]
    : [
        { key: 'report', text: t('community.report'), onClick: () => gate(() => setReporting(true)) },
        {
          key: 'block',
          text: t('community.blockAuthor'),
          danger: true,
          onClick: () => gate(() => void blockAuthor()),
        },
      ];

  return (
    <>
      <ActionSheet
        visible={visible}
        onClose={onClose}
        onAction={onClose}
        cancelText={t('common.cancel')}
        actions={actions}
      />
      <ReportPopup postId={post.id} visible={reporting} onClose={() => setReporting(false)} />
    </>
  );
}
