import type { ModelBrief } from '@lingxi/contract';
import { ActionSheet, NavBar } from 'antd-mobile';
import { ChatAddOutline, MoreOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BotAvatar } from '../../../components/bot-avatar';

interface ChatHeaderProps {
  name: string;
  avatar: string;
  /** The model the replies run on, named under the bot's name (null while the bot loads). */
  model: ModelBrief | null;
  isFavourite: boolean;
  /** While a reply streams, switching topics waits. */
  busy: boolean;
  onBack: () => void;
  onNewTopic: () => void;
  onHistory: () => void;
  onToggleFavourite: () => void;
}

/**
 * The chat page's top bar: back, the bot and the model its replies run on, a new-topic button and a menu (new
 * topic, history, favourite).
 */
export function ChatHeader(props: ChatHeaderProps) {
  const { name, avatar, model, isFavourite, busy, onBack, onNewTopic, onHistory, onToggleFavourite } = props;
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const right = (
    <span className="lx-chat-header__actions">
      <button
        type="button"
        className="lx-chat-header__icon"
        aria-label={t('chat.newTopic')}
        onClick={onNewTopic}
        disabled={busy}
        data-testid="chat-new-topic"
      >
        <ChatAddOutline />
      </button>
      <button
        type="button"
        className="lx-chat-header__icon"
        aria-label={t('chat.more')}
        onClick={() => setMenuOpen(true)}
        data-testid="chat-menu"
      >
        <MoreOutline />
      </button>
    </span>
  );
  return (
    <header className="lx-chat-header">
      <NavBar onBack={onBack} right={right}>
        <span className="lx-chat-header__title">
          <BotAvatar src={avatar} size={26} />
          <span className="lx-chat-header__text">
            <span className="lx-chat-header__name">{name}</span>
            {model ? (
              <span className="lx-chat-header__meta">
                <span className="lx-chat-header__model" data-testid="chat-model">
                  {model.provider === 'offline' ? t('chat.offlineModel') : model.name}
                </span>
                <ModelPrice model={model} />
              </span>
            ) : null}
          </span>
        </span>
      </NavBar>
      <ActionSheet
        visible={menuOpen}
        onClose={() => setMenuOpen(false)}
        cancelText={t('common.cancel')}
        onAction={() => setMenuOpen(false)}
        actions={[
          { key: 'new', text: t('chat.newTopic'), disabled: busy, onClick: onNewTopic },
          { key: 'history', text: t('chat.history'), onClick: onHistory },
          {
            key: 'favourite',
            text: isFavourite ? t('chat.unfavourite') : t('chat.favourite'),
            onClick: onToggleFavourite,
          },
        ]}
      />
    </header>
  );
}

/**
 * What one reply costs this viewer (docs/money.md, VIP): `chip_price`, and for a member paying less the list
 * price struck through with a 会员价 tag. A free model says nothing.
 */
function ModelPrice({ model }: { model: ModelBrief }) {
  const { t } = useTranslation();
  if (model.base_chip_price <= 0) return null;
  const discounted = model.base_chip_price > model.chip_price;
  return (
    <span className="lx-chat-header__price" data-testid="chat-price">
      <span>{t('chat.replyPrice', { count: model.chip_price })}</span>
      {discounted ? (
        <>
          <s
            className="lx-chat-header__list-price"
            aria-label={t('chat.listPrice', { count: model.base_chip_price })}
          >
            {model.base_chip_price}
          </s>
          <span className="lx-chat-header__member-tag" data-testid="chat-member-price">
            {t('chat.memberPrice')}
          </span>
        </>
      ) : null}
    </span>
  );
}
