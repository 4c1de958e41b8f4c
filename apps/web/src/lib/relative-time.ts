import { useFormat } from './format';

export { formatRelativeTime } from './format';

/** A list's time column in the current UI language (`formatRelativeTime`, docs/i18n.md "Formats"). */
export function useRelativeTime(): (iso: string) => string {
  return useFormat().relative;
}
