import { z } from 'zod';

/*
 * The building blocks of the operator settings' schemas (docs/admin.md, Settings): each takes the setting's
 * Chinese name and its bounds, and words its refusals with them. The catalogue is admin-settings.ts.
 */

/** Bytes in a megabyte: size settings are bytes on the wire and megabytes in the console. */
export const SETTING_MB = 1024 * 1024;

/** 1990 → "19.9": yuan in a refusal (the console's lib/money.ts formats amounts it shows). */
const yuanText = (fen: number) => String(fen / 100);

/** Line breaks, tabs and other control characters: a one-line setting holds none. */
const hasControl = (v: string) => [...v].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !!url.hostname;
  } catch {
    return false;
  }
}

/** One line of text, trimmed: `min` 0 allows it empty. */
const lineText = (name: string, min: number, max: number) =>
  z
    .string({ error: `${name}应为文字` })
    .trim()
    .max(max, `${name}最多${max}个字`)
    .refine((v) => v.length >= min, min === 1 ? `请填写${name}` : `${name}至少${min}个字`)
    .refine((v) => !hasControl(v), `${name}不能包含换行等控制字符`);

/** An absolute http(s) address, or (`path`) an address on this site starting with `/`; `optional`: or empty. */
const urlText = (name: string, o: { optional?: boolean; path?: boolean } = {}) =>
  z
    .string({ error: `${name}应为文字` })
    .trim()
    .max(500, `${name}最多500个字符`)
    .refine(
      (v) =>
        (o.optional && v === '') ||
        isHttpUrl(v) ||
        (!!o.path && v.startsWith('/') && !v.startsWith('//') && !/\s/.test(v)),
      o.path
        ? `${name}应为以 / 开头的站内路径或以 http(s):// 开头的完整地址`
        : `${name}应为以 http:// 或 https:// 开头的完整地址`,
    );

/** A number; none (an emptied box) asks for it, anything else is no number. */
const numberOf = (name: string) =>
  z.number({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? `请填写${name}` : `${name}应为数字`,
  });

/** A whole number between `min` and `max`, worded with its unit (`芯片`, `天`). */
const wholeNumber = (name: string, min: number, max: number, unit = '') =>
  numberOf(name)
    .min(min, `${name}不能小于${min}${unit}`)
    .max(max, `${name}不能大于${max}${unit}`)
    .int(`${name}应为整数`);

/** An amount of money in fen, worded in yuan. */
const fenAmount = (name: string, min: number, max: number) =>
  numberOf(name)
    .min(min, min > 0 ? `${name}不能低于¥${yuanText(min)}` : `${name}不能为负数`)
    .max(max, `${name}不能超过¥${yuanText(max)}`)
    .int(`${name}最小单位为分`);

/** A size in bytes, worded in megabytes. */
const byteSize = (name: string, min: number, max: number) =>
  numberOf(name)
    .min(min, `${name}不能小于${min / SETTING_MB}MB`)
    .max(max, `${name}不能大于${max / SETTING_MB}MB`)
    .int(`${name}应为整数字节`);

/** A rate with at most six decimals (counted in millionths where it is used). */
const decimalRate = (name: string, min: number, max: number, unit: string) =>
  numberOf(name)
    .min(min, `${name}不能小于${min}${unit}`)
    .max(max, `${name}不能大于${max}${unit}`)
    .refine((v) => Math.abs(v * 1e6 - Math.round(v * 1e6)) < 1e-6, `${name}最多6位小数`);

/** Refuses a second item with the same key, naming it (at the item, so the console marks its row). */
const uniqueBy =
  <T>(keyOf: (item: T) => string, path: (i: number) => (string | number)[], what: string) =>
  (items: T[], ctx: z.RefinementCtx) => {
    const seen = new Set<string>();
    items.forEach((item, i) => {
      const key = keyOf(item);
      if (seen.has(key)) ctx.addIssue({ code: 'custom', message: `${what}「${key}」重复`, path: path(i) });
      seen.add(key);
    });
  };

/** Old hosts (the page's `host`: a name, with a port when not the default), lower case, each once. */
const hostList = (name: string, max: number) =>
  z
    .array(
      z
        .string({ error: '域名应为文字' })
        .trim()
        .toLowerCase()
        .max(253, '域名最多253个字符')
        .regex(
          /^(?=.{1,253}(?::|$))[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::\d{1,5})?$/,
          '域名格式不正确，例如 old.example.com（不含 http:// 和路径）',
        ),
      { error: `${name}应为列表` },
    )
    .max(max, `${name}最多${max}个`)
    .superRefine(
      uniqueBy(
        (h: string) => h,
        (i) => [i],
        '域名',
      ),
    );

/** A plan's id, as orders and memberships keep it. */
const itemId = z
  .string({ error: '请填写ID' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,32}$/, 'ID只能用字母、数字、-和_，最多32个字符');

/** Highest price of a plan or a package: ¥100,000. */
const PRICE_MAX_FEN = 10_000_000;

const vipTierSetting = z
  .object({
    id: itemId,
    name: lineText('套餐名称', 1, 20),
    price_fen: fenAmount('售价', 1, PRICE_MAX_FEN),
    /** Shown struck through beside the price; null: none. */
    original_price_fen: fenAmount('原价', 1, PRICE_MAX_FEN).nullable(),
    days: wholeNumber('天数', 1, 3660, '天'),
    monthly_chips: wholeNumber('每月赠送芯片', 0, 1_000_000, '芯片'),
    /** Lines the member centre shows after the two it writes itself (the monthly grant, the member discount). */
    benefits: z.array(lineText('权益', 1, 40), { error: '权益应为列表' }).max(8, '权益最多8条'),
  })
  .refine((t) => t.original_price_fen === null || t.original_price_fen > t.price_fen, {
    message: '原价应高于售价（没有原价就不填）',
    path: ['original_price_fen'],
  });
export type VipTierSetting = z.infer<typeof vipTierSetting>;

const chipPackageSetting = z.object({
  id: itemId,
  price_fen: fenAmount('售价', 1, PRICE_MAX_FEN),
  chips: wholeNumber('芯片数', 1, 100_000_000, '芯片'),
  /** A short badge (超值); empty: none. */
  tag: lineText('角标', 0, 6),
});
export type ChipPackageSetting = z.infer<typeof chipPackageSetting>;

/** An ordered list of plans (the order the member centre shows), at least one, each id once. */
const planList = <T extends z.ZodType<{ id: string }>>(item: T, what: string, max: number) =>
  z
    .array(item, { error: `${what}应为列表` })
    .min(1, `至少保留一个${what}`)
    .max(max, `${what}最多${max}个`)
    .superRefine(
      uniqueBy(
        (p: { id: string }) => p.id,
        (i) => [i, 'id'],
        `${what}ID`,
      ),
    );

// Internal to the contract: the catalogue (admin-settings.ts) builds its schemas from these.
export { lineText, urlText, wholeNumber, fenAmount, byteSize, decimalRate, hostList, vipTierSetting };
export { chipPackageSetting, planList };
