import type { AdminSetting, SettingGroup } from '@lingxi/contract';
import type { TFunction } from 'i18next';
import { consoleI18n } from '../../i18n';

/*
 * The catalogue's texts in the operator's language (docs/i18n.md, Console): the server echoes each setting's
 * Chinese label, help and unit; the console shows its own translation by setting key (section `settings`, `keys`
 * and `groups`), and the server's text only for a key it does not know yet (a newer server).
 */

type Named = Pick<AdminSetting, 'key' | 'label'>;

function byKey(t: TFunction, key: string, fallback: string | null): string | null {
  return consoleI18n.exists(key) ? t(key) : fallback;
}

export const settingLabel = (t: TFunction, s: Named) =>
  byKey(t, `settings.keys.${s.key}.label`, s.label) ?? s.label;

export const settingHelp = (t: TFunction, s: Pick<AdminSetting, 'key' | 'help'>) =>
  byKey(t, `settings.keys.${s.key}.help`, s.help) ?? s.help;

/** The unit after a number (芯片, 天); symbols (%, ‰, MB) are the same in every language. */
export const settingUnit = (t: TFunction, s: Pick<AdminSetting, 'key' | 'unit'>) =>
  s.unit ? byKey(t, `settings.keys.${s.key}.unit`, s.unit) : null;

/** A group's title (the catalogue's `SETTING_GROUPS[g].label` for a group this console does not know). */
export const groupLabel = (t: TFunction, g: SettingGroup | string, fallback: string) =>
  byKey(t, `settings.groups.${g}`, fallback) ?? fallback;
