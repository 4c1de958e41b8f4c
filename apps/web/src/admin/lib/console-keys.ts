/**
 * The console's query keys, in one place (the consumer app's are src/lib/query-keys.ts). Every key of an area
 * starts with `['console', area]`: invalidating that prefix after an action refreshes every list and detail of it.
 */
export const consoleKeys = {
  operator: ['console', 'operator'] as const,
  area: (area: string) => ['console', area] as const,
  /** A server-paged list of an area, by its address and filters. */
  list: (area: string, url: string, filters: Record<string, string>) =>
    ['console', area, url, filters] as const,
  /** Anything else of an area: a detail, a summary (`consoleKeys.of('users', id)`). */
  of: (area: string, ...parts: readonly unknown[]) => ['console', area, ...parts] as const,
};
