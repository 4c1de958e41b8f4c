/** `?id=`: null when absent, 'invalid' when it is not a positive integer. */
export function parseId(raw: string | null): number | null | 'invalid' {
  if (raw === null || raw === '') return null;
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : 'invalid';
}
