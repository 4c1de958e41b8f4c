import { SETTING_CATALOGUE, type SettingKey, type SettingValues } from '@lingxi/contract';

/**
 * The checks of stored values, derived from the catalogue's schemas (docs/admin.md, Settings): one rule set for
 * what an operator may save and what the server will use. A stored value of the wrong shape is ignored (and the
 * default used) rather than breaking every request.
 */
export function settingChecks<T extends Partial<SettingValues>>(
  defaults: T,
): { [K in keyof T]: (v: unknown) => v is T[K] } {
  return Object.fromEntries(
    Object.keys(defaults).map((key) => {
      const schema = SETTING_CATALOGUE[key as SettingKey].schema;
      return [key, (v: unknown) => schema.safeParse(v).success];
    }),
  ) as { [K in keyof T]: (v: unknown) => v is T[K] };
}
