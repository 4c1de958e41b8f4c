/**
 * The whole order with one model moved past its neighbour among the rows shown (-1 up, 1 down): the rows a filter
 * hides keep their places relative to each other.
 */
export function reordered(ids: string[], shown: string[], id: string, by: -1 | 1): string[] | null {
  const neighbour = shown[shown.indexOf(id) + by];
  if (!shown.includes(id) || !neighbour) return null;
  const next = ids.filter((x) => x !== id);
  next.splice(next.indexOf(neighbour) + (by === 1 ? 1 : 0), 0, id);
  return next;
}
