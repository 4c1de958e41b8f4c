import type { InteractionKind, Locale } from '@lingxi/contract';

/*
 * An aggregated interaction row's title in the reader's locale (docs/community.md, Messages; docs/i18n.md, Data
 * the platform owns): "小明 赞了你的帖子", "小明、小红等 3 人赞了你的帖子", "Ana and 2 others liked your post".
 * The names are users' own and stay as written; the words around them are the platform's.
 */

/** What the row stores as its title (zh-Hans), by kind: the key back into the other locales' words. */
export const INTERACTION_VERBS: Record<InteractionKind, string> = {
  post_like: '赞了你的帖子',
  post_favourite: '收藏了你的帖子',
  post_comment: '评论了你的帖子',
  comment_like: '赞了你的评论',
  comment_reply: '回复了你的评论',
};

type Words = {
  /** The verb phrase for one actor and for several. */
  verbs: Record<InteractionKind, [one: string, many: string]>;
  someone: string;
  people: (count: number) => string;
  and: string;
  /** "…and N others" after one or two names. */
  others: (rest: number) => string;
};

const CHINESE_HANT: Record<InteractionKind, string> = {
  post_like: '按讚了你的貼文',
  post_favourite: '收藏了你的貼文',
  post_comment: '在你的貼文留言',
  comment_like: '按讚了你的留言',
  comment_reply: '回覆了你的留言',
};

const WORDS: Record<'en' | 'es' | 'fr', Words> = {
  en: {
    verbs: {
      post_like: ['liked your post', 'liked your post'],
      post_favourite: ['saved your post', 'saved your post'],
      post_comment: ['commented on your post', 'commented on your post'],
      comment_like: ['liked your comment', 'liked your comment'],
      comment_reply: ['replied to your comment', 'replied to your comment'],
    },
    someone: 'Someone',
    people: (count) => `${count} people`,
    and: 'and',
    others: (rest) => (rest === 1 ? '1 other' : `${rest} others`),
  },
  es: {
    verbs: {
      post_like: ['dio me gusta a tu publicación', 'dieron me gusta a tu publicación'],
      post_favourite: ['guardó tu publicación', 'guardaron tu publicación'],
      post_comment: ['comentó tu publicación', 'comentaron tu publicación'],
      comment_like: ['dio me gusta a tu comentario', 'dieron me gusta a tu comentario'],
      comment_reply: ['respondió a tu comentario', 'respondieron a tu comentario'],
    },
    someone: 'Alguien',
    people: (count) => `${count} personas`,
    and: 'y',
    others: (rest) => (rest === 1 ? '1 persona más' : `${rest} personas más`),
  },
  fr: {
    verbs: {
      post_like: ['a aimé votre publication', 'ont aimé votre publication'],
      post_favourite: ['a enregistré votre publication', 'ont enregistré votre publication'],
      post_comment: ['a commenté votre publication', 'ont commenté votre publication'],
      comment_like: ['a aimé votre commentaire', 'ont aimé votre commentaire'],
      comment_reply: ['a répondu à votre commentaire', 'ont répondu à votre commentaire'],
    },
    someone: 'Quelqu’un',
    people: (count) => `${count} personnes`,
    and: 'et',
    others: (rest) => (rest === 1 ? '1 autre personne' : `${rest} autres personnes`),
  },
};

const KIND_OF_VERB = new Map(
  Object.entries(INTERACTION_VERBS).map(([kind, verb]) => [verb, kind as InteractionKind]),
);

function chineseTitle(names: string[], count: number, verb: string, separator: string): string {
  if (!names.length) return count > 1 ? `${count} 人${verb}` : `有人${verb}`;
  if (names.length === count) return `${names.join(separator)} ${verb}`;
  return `${names.join(separator)}等 ${count} 人${verb}`;
}

export function interactionTitle(names: string[], count: number, storedVerb: string, locale: Locale): string {
  const kind = KIND_OF_VERB.get(storedVerb);
  // A row written before a kind existed, or zh-Hans: the stored words.
  if (!kind || locale === 'zh-Hans') return chineseTitle(names, count, storedVerb, '、');
  if (locale === 'zh-Hant') return chineseTitle(names, count, CHINESE_HANT[kind], '、');
  const words = WORDS[locale];
  const verb = words.verbs[kind][count > 1 ? 1 : 0];
  if (!names.length) return `${count > 1 ? words.people(count) : words.someone} ${verb}`;
  const rest = count - names.length;
  if (rest <= 0) return `${names.join(` ${words.and} `)} ${verb}`;
  return `${names.join(', ')} ${words.and} ${words.others(rest)} ${verb}`;
}
