import type { BotSummary, Snippet } from '@lingxi/contract';
import { DotLoading, Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { BotAvatar } from '../../../components/bot-avatar';
import { LoadErrorState } from '../../../components/load-error-state';
import { QueryList } from '../../../components/query-list';
import { SheetHeader } from '../../../components/sheet-header';
import { useAttachableBots } from '../api/get-attachable-bots';
import { useSnippets } from '../api/get-snippets';
import './attach-pickers.css';

interface PickerProps<T> {
  visible: boolean;
  onClose: () => void;
  onPick: (item: T) => void;
}

function BotRow({ bot, onPick }: { bot: BotSummary; onPick: (bot: BotSummary) => void }) {
  return (
    <button type="button" className="lx-picker__row" onClick={() => onPick(bot)} data-testid="pick-bot">
      <BotAvatar src={bot.avatar} size={40} />
      <span className="lx-picker__text">
        <span className="lx-picker__name">{bot.name}</span>
        <span className="lx-picker__sub">{bot.intro}</span>
      </span>
    </button>
  );
}

function BotList({ onPick }: { onPick: (bot: BotSummary) => void }) {
  const { t } = useTranslation();
  const query = useAttachableBots(true);
  if (query.isError) return <LoadErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data)
    return (
      <div className="lx-picker__loading" role="status">
        <DotLoading color="primary" />
      </div>
    );
  const { mine, favourites } = query.data;
  if (mine.length === 0 && favourites.length === 0)
    return <p className="lx-picker__empty">{t('release.noBots')}</p>;
  return (
    <>
      {mine.length > 0 ? (
        <section>
          <h3 className="lx-picker__section">{t('release.myBots')}</h3>
          {mine.map((bot) => (
            <BotRow key={bot.id} bot={bot} onPick={onPick} />
          ))}
        </section>
      ) : null}
      {favourites.length > 0 ? (
        <section>
          <h3 className="lx-picker__section">{t('release.favouriteBots')}</h3>
          {favourites.map((bot) => (
            <BotRow key={bot.id} bot={bot} onPick={onPick} />
          ))}
        </section>
      ) : null}
    </>
  );
}

/** 关联智能体: the user's own published bots and their favourites (public ones only). */
export function BotPickerPopup({ visible, onClose, onPick }: PickerProps<BotSummary>) {
  const { t } = useTranslation();
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} destroyOnClose>
      <div className="lx-sheet lx-picker" data-testid="bot-picker">
        <SheetHeader title={t('release.pickBot')} onClose={onClose} />
        <div className="lx-picker__body">
          <BotList onPick={onPick} />
        </div>
      </div>
    </Popup>
  );
}

function SnippetList({ onPick }: { onPick: (snippet: Snippet) => void }) {
  const { t } = useTranslation();
  const query = useSnippets();
  return (
    <QueryList
      query={query}
      empty={<p className="lx-picker__empty">{t('release.noSnippets')}</p>}
      row={(snippet) => (
        <button
          key={snippet.id}
          type="button"
          className="lx-picker__row"
          onClick={() => onPick(snippet)}
          data-testid="pick-snippet"
        >
          <BotAvatar src={snippet.bot?.avatar} size={40} />
          <span className="lx-picker__text">
            <span className="lx-picker__name">{snippet.title}</span>
            <span className="lx-picker__sub">
              {snippet.bot?.name ?? t('snippetCard.botGone')} ·{' '}
              {t('snippetCard.messages', { count: snippet.message_count })}
            </span>
          </span>
        </button>
      )}
    />
  );
}

/** 添加片段: the user's snippets, newest first. */
export function SnippetPickerPopup({ visible, onClose, onPick }: PickerProps<Snippet>) {
  const { t } = useTranslation();
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} destroyOnClose>
      <div className="lx-sheet lx-picker" data-testid="snippet-picker">
        <SheetHeader title={t('release.pickSnippet')} onClose={onClose} />
        <div className="lx-picker__body">
          <SnippetList onPick={onPick} />
        </div>
      </div>
    </Popup>
  );
}
