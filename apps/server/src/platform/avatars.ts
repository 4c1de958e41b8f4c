import { createAvatar } from '@dicebear/core';
import { adventurer, bottts, thumbs } from '@dicebear/collection';
import { PRESET_AVATARS_PER_GENDER } from '@lingxi/contract';

/**
 * Generated avatars, served by the app at /media/avatars/{kind}/{seed}.svg: presets by gender for the avatar
 * picker, and a default for every new user derived from a seed. Deterministic, so no files are stored.
 */
export const AVATAR_KINDS = ['male', 'female', 'neutral', 'user', 'bot'] as const;
export type AvatarKind = (typeof AVATAR_KINDS)[number];

const BACKGROUNDS = ['b6e3f4', 'c0aede', 'd1d4f9', 'ffd5dc', 'ffdfbf', 'c7f0db', 'fde68a', 'bfdbfe'];
const SEED_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;

const short = Array.from({ length: 19 }, (_, i) => `short${String(i + 1).padStart(2, '0')}`);
const long = Array.from({ length: 26 }, (_, i) => `long${String(i + 1).padStart(2, '0')}`);

/** The style's own option type, read off its create(): the collection does not export it by name. */
type AdventurerHair = NonNullable<Parameters<typeof adventurer.create>[0]['options']['hair']>;

export function isAvatarSeed(seed: string) {
  return SEED_PATTERN.test(seed);
}

export function renderAvatar(kind: AvatarKind, seed: string): string {
  const backgroundColor = BACKGROUNDS;
  switch (kind) {
    case 'male':
      return createAvatar(adventurer, {
        seed,
        backgroundColor,
        hair: short as AdventurerHair,
        earringsProbability: 0,
      }).toString();
    case 'female':
      return createAvatar(adventurer, { seed, backgroundColor, hair: long as AdventurerHair }).toString();
    case 'bot':
      return createAvatar(bottts, { seed, backgroundColor, radius: 22 }).toString();
    case 'neutral':
    case 'user':
      return createAvatar(thumbs, { seed, backgroundColor }).toString();
  }
}

export const avatarUrl = (kind: AvatarKind, seed: string) => `/media/avatars/${kind}/${seed}.svg`;

const kindOfGender: Record<0 | 1 | 2, AvatarKind> = { 0: 'neutral', 1: 'male', 2: 'female' };

export function presetAvatars(gender: 0 | 1 | 2) {
  const kind = kindOfGender[gender];
  return Array.from({ length: PRESET_AVATARS_PER_GENDER }, (_, i) => {
    const seed = `${kind}-${i + 1}`;
    return { id: seed, url: avatarUrl(kind, seed) };
  });
}

const PRESET_PATH = /^\/media\/avatars\/(male|female|neutral)\/\1-([1-9]\d{0,2})\.svg$/;

/** One of the picker's presets (`presetAvatars`): any gender's, as a user may pick from every tab. */
export function isPresetAvatar(path: string) {
  const match = PRESET_PATH.exec(path);
  return !!match && Number(match[2]) <= PRESET_AVATARS_PER_GENDER;
}

export const defaultAvatarFor = (seed: string) => avatarUrl('user', seed);
export const botAvatarFor = (seed: string) => avatarUrl('bot', seed);
