import type { Gender } from '@lingxi/contract';

/** i18n keys of the three genders of the contract: 0 secret, 1 male, 2 female. */
export const GENDER_KEYS: Record<Gender, string> = {
  0: 'gender.secret',
  1: 'gender.male',
  2: 'gender.female',
};
export const GENDERS: readonly Gender[] = [0, 1, 2];
