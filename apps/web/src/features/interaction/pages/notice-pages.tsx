import type { NoticeCategory } from '@lingxi/contract';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';
import { RequireLogin } from '../../../components/require-login';
import { NoticeList } from '../components/notice-list';
import './notice-pages.css';

const TITLES: Record<NoticeCategory, string> = {
  system: 'titles.systemMessage',
  review: 'titles.reviewMessage',
  interaction: 'titles.interactionMessage',
};

function NoticePage({ category }: { category: NoticeCategory }) {
  const { t } = useTranslation();
  return (
    <RequireLogin>
      <Page title={t(TITLES[category])} backFallback="/interaction" bodyClassName="lx-notices-page">
        <NoticeList category={category} />
      </Page>
    </RequireLogin>
  );
}

/** /interaction/system-message: activity and system notices (broadcasts, rewards, payments). */
export function SystemMessagePage() {
  return <NoticePage category="system" />;
}

/** /interaction/review-message: outcomes of the reviews of the user's bots and posts. */
export function ReviewMessagePage() {
  return <NoticePage category="review" />;
}

/** /interaction/interaction-message: likes, comments and replies (filled by the community). */
export function InteractionMessagePage() {
  return <NoticePage category="interaction" />;
}
