import type { ChipPackageSetting, VipTierSetting } from '@lingxi/contract';
import type { TFunction } from 'i18next';
import { parseYuan, yuan } from '../../../lib/money';
import { sameValue } from '../settings/settings-api';

/*
 * The plan tables' rows while an operator edits them (docs/admin.md, Money): prices as the yuan text typed, and
 * back to the setting's wire shape (fen) for the catalogue's schema and the save. A price that is no amount
 * becomes NaN, which the schema refuses in words.
 */

let next = 0;
const uid = () => `row-${++next}`;

export type TierDraft = {
  uid: string;
  /** Saved before: its id is what orders and memberships keep, so it is not edited. */
  saved: boolean;
  id: string;
  name: string;
  price: string | null;
  original: string | null;
  days: number | null;
  monthly_chips: number | null;
  benefits: string[];
};

export type PackageDraft = {
  uid: string;
  saved: boolean;
  id: string;
  price: string | null;
  chips: number | null;
  tag: string;
};

const fen = (text: string | null) => (text === null || text === '' ? null : (parseYuan(text) ?? NaN));

export const tierDrafts = (tiers: VipTierSetting[]): TierDraft[] =>
  tiers.map((t) => ({
    uid: uid(),
    saved: true,
    id: t.id,
    name: t.name,
    price: yuan(t.price_fen),
    original: t.original_price_fen === null ? null : yuan(t.original_price_fen),
    days: t.days,
    monthly_chips: t.monthly_chips,
    benefits: t.benefits,
  }));

export const tiersOf = (rows: TierDraft[]) =>
  rows.map((r) => ({
    id: r.id.trim(),
    name: r.name,
    price_fen: fen(r.price),
    original_price_fen: fen(r.original),
    days: r.days,
    monthly_chips: r.monthly_chips,
    benefits: r.benefits,
  }));

export const newTier = (rows: TierDraft[]): TierDraft => ({
  uid: uid(),
  saved: false,
  id: freeId('tier', rows),
  name: '',
  price: null,
  original: null,
  days: 30,
  monthly_chips: 0,
  benefits: [],
});

export const packageDrafts = (packages: ChipPackageSetting[]): PackageDraft[] =>
  packages.map((p) => ({
    uid: uid(),
    saved: true,
    id: p.id,
    price: yuan(p.price_fen),
    chips: p.chips,
    tag: p.tag,
  }));

export const packagesOf = (rows: PackageDraft[]) =>
  rows.map((r) => ({ id: r.id.trim(), price_fen: fen(r.price), chips: r.chips, tag: r.tag }));

export const newPackage = (rows: PackageDraft[]): PackageDraft => ({
  uid: uid(),
  saved: false,
  id: freeId('pack', rows),
  price: null,
  chips: null,
  tag: '',
});

/** `tier3`: the first of `prefix1`, `prefix2` … no row uses. */
function freeId(prefix: string, rows: { id: string }[]) {
  for (let i = rows.length + 1; ; i++)
    if (!rows.some((r) => r.id === `${prefix}${i}`)) return `${prefix}${i}`;
}

/** Moves row `i` by `by` (−1 up, +1 down). */
export function moved<T>(rows: T[], i: number, by: number): T[] {
  const j = i + by;
  if (j < 0 || j >= rows.length) return rows;
  const copy = [...rows];
  [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  return copy;
}

/**
 * What a save changes, in lines for the confirmation: added, repriced, edited, removed plans, and the order;
 * `removed` when a plan goes off sale.
 */
export function planChanges<T extends { id: string; price_fen: number }>(
  t: TFunction,
  before: T[],
  after: T[],
  nameOf: (p: T) => string,
): { lines: string[]; removed: boolean } {
  const lines: string[] = [];
  let removed = false;
  const old = new Map(before.map((p) => [p.id, p]));
  const now = new Map(after.map((p) => [p.id, p]));
  for (const p of after) {
    const was = old.get(p.id);
    if (!was) lines.push(t('plans.changes.added', { name: nameOf(p), price: yuan(p.price_fen) }));
    else if (was.price_fen !== p.price_fen)
      lines.push(
        t('plans.changes.repriced', { name: nameOf(p), from: yuan(was.price_fen), to: yuan(p.price_fen) }),
      );
    else if (!sameValue(was, p)) lines.push(t('plans.changes.edited', { name: nameOf(p) }));
  }
  for (const p of before)
    if (!now.has(p.id)) {
      removed = true;
      lines.push(t('plans.changes.removed', { name: nameOf(p) }));
    }
  const kept = (list: T[], other: Map<string, T>) => list.filter((p) => other.has(p.id)).map((p) => p.id);
  if (kept(before, now).join() !== kept(after, old).join()) lines.push(t('plans.changes.order'));
  return { lines, removed };
}
