import { describe, expect, it } from 'vitest';
import { INTERACTION_VERBS, interactionTitle } from './interaction-titles.js';

const like = INTERACTION_VERBS.post_like;
const reply = INTERACTION_VERBS.comment_reply;

describe('interaction titles in the reader’s language', () => {
  it('keeps the stored Chinese words in zh-Hans', () => {
    expect(interactionTitle(['小明'], 1, like, 'zh-Hans')).toBe('小明 赞了你的帖子');
    expect(interactionTitle(['小明', '小红'], 2, like, 'zh-Hans')).toBe('小明、小红 赞了你的帖子');
    expect(interactionTitle(['小明', '小红'], 3, like, 'zh-Hans')).toBe('小明、小红等 3 人赞了你的帖子');
    expect(interactionTitle([], 4, like, 'zh-Hans')).toBe('4 人赞了你的帖子');
  });

  it('uses Taiwan words in zh-Hant, names as written', () => {
    expect(interactionTitle(['小红'], 1, reply, 'zh-Hant')).toBe('小红 回覆了你的留言');
    expect(interactionTitle([], 1, like, 'zh-Hant')).toBe('有人按讚了你的貼文');
  });

  it('writes whole sentences in en, es and fr, with the verb agreeing', () => {
    expect(interactionTitle(['Ana'], 1, like, 'en')).toBe('Ana liked your post');
    expect(interactionTitle(['Ana', 'Luis'], 2, like, 'en')).toBe('Ana and Luis liked your post');
    expect(interactionTitle(['Ana', 'Luis'], 3, like, 'en')).toBe('Ana, Luis and 1 other liked your post');
    expect(interactionTitle(['Ana', 'Luis'], 7, reply, 'es')).toBe(
      'Ana, Luis y 5 personas más respondieron a tu comentario',
    );
    expect(interactionTitle(['Ana'], 1, reply, 'es')).toBe('Ana respondió a tu comentario');
    expect(interactionTitle([], 1, like, 'fr')).toBe('Quelqu’un a aimé votre publication');
    expect(interactionTitle(['Léa', 'Marc'], 2, like, 'fr')).toBe('Léa et Marc ont aimé votre publication');
  });

  it('reads an unknown stored verb as written', () => {
    expect(interactionTitle(['Ana'], 1, '做了点什么', 'en')).toBe('Ana 做了点什么');
  });
});
