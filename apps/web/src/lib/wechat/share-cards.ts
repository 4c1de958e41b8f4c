import type { BotSummary, Post, UserInfo } from '@lingxi/contract';
import { useTranslation } from 'react-i18next';
import { useAssistantName, useCommonStore } from '../common-store';
import { plainText } from '../plain-text';
import { absoluteUrl, homeShareCard, shareImage, useShareCard } from './share-card';

/**
 * The cards of the pages that share (docs/platforms.md, Share cards): home, a bot, a post, the invite link. One
 * hook a page, called with what the page already has (null until it has loaded).
 */

const DESC_MAX = 60;

function cut(text: string, max: number): string {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : chars.join('');
}

/** Home: `share_title` and `share_image` from settings; the assistant's intro as the description. */
export function useHomeShareCard(desc: string | null | undefined): void {
  // Re-read when the settings arrive.
  useCommonStore();
  useShareCard(desc == null ? null : homeShareCard(desc));
}

/** A bot's chat page: its name, intro and avatar, linking to the bot. */
export function useBotShareCard(bot: BotSummary | null | undefined): void {
  const { t } = useTranslation();
  const brand = useAssistantName();
  useShareCard(
    bot
      ? {
          title: bot.name,
          desc: cut(bot.intro, DESC_MAX) || t('platform.share.botDesc', { name: bot.name, brand }),
          link: absoluteUrl(`/bot/${bot.id}`),
          imgUrl: shareImage(bot.avatar),
        }
      : null,
  );
}

/** A post: its opening words, its first picture (else its author's avatar), linking to the post. */
export function usePostShareCard(post: Post | null | undefined): void {
  const { t } = useTranslation();
  const brand = useAssistantName();
  const text = post ? plainText(post.content) : '';
  useShareCard(
    post
      ? {
          title: cut(text, 30) || t('platform.share.postTitle', { name: post.author.nickname, brand }),
          desc: cut(text, DESC_MAX) || post.snippet?.title || '',
          link: absoluteUrl(`/post/detail?id=${post.id}`),
          imgUrl: shareImage(post.images[0]?.url || post.author.avatar),
        }
      : null,
  );
}

/** The invite page: the user's invite link (it carries `invite_code`) and what a friend gets. */
export function useInviteShareCard(
  user: UserInfo | null | undefined,
  link: string | null | undefined,
  chips: number | undefined,
): void {
  const { t } = useTranslation();
  const brand = useAssistantName();
  useShareCard(
    user && link
      ? {
          title: t('platform.share.inviteTitle', { name: user.nickname, brand }),
          desc: chips
            ? t('platform.share.inviteDesc', { count: chips })
            : t('platform.share.inviteDescPlain'),
          link,
          imgUrl: shareImage(user.avatar),
        }
      : null,
  );
}
