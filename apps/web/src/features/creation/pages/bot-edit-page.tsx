import { Button, DotLoading } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { NotFoundIllustration } from '../../../components/illustrations';
import { PageNavBar } from '../../../components/page-nav-bar';
import { RequireLogin } from '../../../components/require-login';
import { useProfile } from '../../../lib/api/get-user';
import { useNavigateSafe } from '../../../lib/navigation';
import { useMyBot } from '../api/get-my-bot';
import { BotEditor } from '../components/bot-editor';
import { emptyValues, generatedAvatar, valuesFromBot } from '../components/bot-form-values';
import './bot-edit-page.css';

function parseId(raw: string | null): number | null | 'invalid' {
  if (raw === null || raw === '') return null;
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : 'invalid';
}

function NewBot() {
  // A new bot starts with a generated avatar, so only the name, category and persona are left to fill in.
  const [initial] = useState(() => emptyValues(generatedAvatar()));
  return <BotEditor botId={null} bot={null} initial={initial} />;
}

function Loading() {
  return (
    <div className="lx-bot-edit__loading" role="status">
      <DotLoading color="primary" />
    </div>
  );
}

function ExistingBot({ id }: { id: number }) {
  const { t } = useTranslation();
  const nav = useNavigateSafe();
  const query = useMyBot(id);
  const [initial, setInitial] = useState<ReturnType<typeof valuesFromBot> | null>(null);
  if (query.data && initial === null) setInitial(valuesFromBot(query.data));
  if (query.isError) {
    return (
      <EmptyState
        card={false}
        illustration={<NotFoundIllustration size={180} />}
        title={t('creation.missing')}
        text={t('creation.missingText')}
        action={
          <Button
            shape="rounded"
            color="primary"
            fill="outline"
            onClick={() => void nav.replace('/user/my-ai')}
          >
            {t('titles.myAi')}
          </Button>
        }
      />
    );
  }
  if (!query.data || !initial) return <Loading />;
  return <BotEditor botId={id} bot={query.data} initial={initial} />;
}

/** /bot/edit creates a bot; /bot/edit?id=<id> edits one of the user's own. */
export default function BotEditPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const id = parseId(search.get('id'));
  // Drafts are kept per user: the editor starts once it knows whose draft to restore.
  const profile = useProfile();
  return (
    <RequireLogin>
      <div className="lx-page lx-bot-edit" data-testid="bot-edit-page">
        <PageNavBar
          title={t(id === null ? 'titles.botEdit' : 'titles.botEditExisting')}
          backFallback="/user/my-ai"
        />
        {id === 'invalid' ? (
          <EmptyState
            card={false}
            illustration={<NotFoundIllustration size={180} />}
            title={t('creation.missing')}
            text={t('creation.missingText')}
          />
        ) : profile.isLoading ? (
          <Loading />
        ) : id === null ? (
          <NewBot />
        ) : (
          <ExistingBot key={id} id={id} />
        )}
      </div>
    </RequireLogin>
  );
}
