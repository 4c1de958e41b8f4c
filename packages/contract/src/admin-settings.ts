import { z } from 'zod';
import { UPLOAD_RULES } from './uploads.js';
import {
  byteSize,
  chipPackageSetting,
  decimalRate,
  fenAmount,
  hostList,
  lineText,
  planList,
  SETTING_MB,
  urlText,
  vipTierSetting,
  wholeNumber,
} from './setting-values.js';

export { SETTING_MB, type ChipPackageSetting, type VipTierSetting } from './setting-values.js';

/**
 * The catalogue of operator settings (docs/admin.md, Settings): every setting an operator edits, with its group,
 * Chinese label and explanation, the kind of editor it takes, its bounds and THE schema that validates it. The
 * server's defaults live beside the code that reads them (apps/server/src/modules/settings/*.defaults.ts); the
 * checks of stored values are derived from these schemas, and the console validates with them before saving.
 */

/** Groups in the order the console shows them, and the console page that edits each. */
export const SETTING_GROUPS = {
  basic: { label: '基本信息', page: 'settings' },
  share: { label: '分享', page: 'settings' },
  hosts: { label: '域名迁移', page: 'settings' },
  limits: { label: '创作限额', page: 'settings' },
  community: { label: '社区', page: 'settings' },
  redeem: { label: '兑换码防刷', page: 'settings' },
  plans: { label: '会员与套餐', page: 'plans' },
  invite: { label: '邀请', page: 'rewards' },
  creator: { label: '创作者收益', page: 'rewards' },
  withdrawal: { label: '提现', page: 'rewards' },
} as const;
export type SettingGroup = keyof typeof SETTING_GROUPS;
const settingGroup = z.enum(Object.keys(SETTING_GROUPS) as [SettingGroup, ...SettingGroup[]]);

/**
 * The editor a setting takes: `text`/`url` one line; `hosts` a list of host names; `count` a whole number in
 * `unit`; `money` fen (yuan in the console); `percent` 0–100; `permille` 0–1000; `bytes` (megabytes in the
 * console); `decimal` a rate with up to six decimals; `tiers`/`packages` the ordered plan lists.
 */
const settingKind = z.enum([
  'text',
  'url',
  'hosts',
  'count',
  'money',
  'percent',
  'permille',
  'bytes',
  'decimal',
  'tiers',
  'packages',
]);
type SettingKind = z.infer<typeof settingKind>;

type SettingDef<S extends z.ZodType = z.ZodType> = {
  group: SettingGroup;
  label: string;
  /** One short sentence: what it does, where it shows. */
  help: string;
  kind: SettingKind;
  /** 芯片, 天, 个 … (the console's suffix). */
  unit?: string;
  /** Bounds in wire units: the value's for numbers, the length for text and lists. */
  min?: number;
  max?: number;
  schema: S;
};
type Head = Pick<SettingDef, 'group' | 'label' | 'help'>;
type Range = { min: number; max: number };

const text = (h: Head, r: Range) => ({
  ...h,
  kind: 'text' as const,
  ...r,
  schema: lineText(h.label, r.min, r.max),
});
const count = (h: Head, r: Range & { unit: string }) => ({
  ...h,
  kind: 'count' as const,
  ...r,
  schema: wholeNumber(h.label, r.min, r.max, r.unit),
});
const money = (h: Head, r: Range) => ({
  ...h,
  kind: 'money' as const,
  unit: '元',
  ...r,
  schema: fenAmount(h.label, r.min, r.max),
});
const share = (h: Head, kind: 'percent' | 'permille', max: number) => ({
  ...h,
  kind,
  unit: kind === 'percent' ? '%' : '‰',
  min: 0,
  max,
  schema: wholeNumber(h.label, 0, max, kind === 'percent' ? '%' : '‰'),
});
const bytes = (h: Head, r: Range) => ({
  ...h,
  kind: 'bytes' as const,
  unit: 'MB',
  ...r,
  schema: byteSize(h.label, r.min, r.max),
});

const DOCUMENT_MAX = UPLOAD_RULES.knowledge_doc.maxBytes;
const USER = '普通用户';
const VIP = '会员';

export const SETTING_CATALOGUE = {
  assistant_name: text(
    { group: 'basic', label: '助手名称', help: '标题栏和应用里称呼助手的名字；已创建的助手智能体不随之改名' },
    { min: 1, max: 20 },
  ),
  signup_bonus: count(
    { group: 'basic', label: '注册奖励', help: '新用户首次登录时赠送的芯片' },
    { min: 0, max: 100_000, unit: '芯片' },
  ),
  customer_service: text(
    { group: 'basic', label: '客服联系方式', help: '告诉用户如何联系客服：邮箱、电话或微信号' },
    { min: 0, max: 100 },
  ),
  icp: text(
    { group: 'basic', label: 'ICP备案号', help: '页面底部显示的备案号，没有则留空' },
    { min: 0, max: 50 },
  ),
  share_title: text(
    { group: 'share', label: '分享标题', help: '分享到微信等平台时卡片上的标题' },
    { min: 1, max: 40 },
  ),
  share_image: {
    ...{
      group: 'share' as const,
      label: '分享图片',
      help: '分享卡片上的图片：站内路径（/icons/share.png）或完整网址',
    },
    ...{ kind: 'url' as const, min: 1, max: 500, schema: urlText('分享图片', { path: true }) },
  },
  deprecated_hosts: {
    ...{ group: 'hosts' as const, label: '旧域名', help: '在这些域名上打开应用时，弹出不可关闭的迁移提示' },
    ...{ kind: 'hosts' as const, min: 0, max: 20, schema: hostList('旧域名', 20) },
  },
  new_url: {
    ...{
      group: 'hosts' as const,
      label: '新地址',
      help: '迁移提示里引导用户前往的新网址；留空则只提示不跳转',
    },
    ...{ kind: 'url' as const, min: 0, max: 500, schema: urlText('新地址', { optional: true }) },
  },
  web_view_hosts: {
    ...{
      group: 'hosts' as const,
      label: '外部网页域名',
      help: '应用内嵌展示（/mini-web-view）和跳转（/redirect）允许打开的外部域名，仅限 https；其他地址一律拒绝',
    },
    ...{ kind: 'hosts' as const, min: 0, max: 50, schema: hostList('外部网页域名', 50) },
  },
  bot_limit: count(
    { group: 'limits', label: '智能体数量', help: `${USER}最多可拥有的智能体数（不含已删除的）` },
    { min: 0, max: 10_000, unit: '个' },
  ),
  bot_limit_vip: count(
    { group: 'limits', label: '会员智能体数量', help: `${VIP}最多可拥有的智能体数` },
    { min: 0, max: 10_000, unit: '个' },
  ),
  knowledge_base_limit: count(
    { group: 'limits', label: '知识库数量', help: `${USER}最多可创建的知识库数` },
    { min: 0, max: 10_000, unit: '个' },
  ),
  knowledge_base_limit_vip: count(
    { group: 'limits', label: '会员知识库数量', help: `${VIP}最多可创建的知识库数` },
    { min: 0, max: 10_000, unit: '个' },
  ),
  knowledge_documents_per_base: count(
    { group: 'limits', label: '每个知识库的文档数', help: `${USER}每个知识库最多可放的文档数` },
    { min: 0, max: 100_000, unit: '个' },
  ),
  knowledge_documents_per_base_vip: count(
    { group: 'limits', label: '会员每个知识库的文档数', help: `${VIP}每个知识库最多可放的文档数` },
    { min: 0, max: 100_000, unit: '个' },
  ),
  knowledge_document_bytes: bytes(
    { group: 'limits', label: '单个文档大小', help: `${USER}单个文档的最大体积，不超过上传上限20MB` },
    { min: SETTING_MB, max: DOCUMENT_MAX },
  ),
  knowledge_document_bytes_vip: bytes(
    { group: 'limits', label: '会员单个文档大小', help: `${VIP}单个文档的最大体积，不超过上传上限20MB` },
    { min: SETTING_MB, max: DOCUMENT_MAX },
  ),
  knowledge_total_bytes: bytes(
    { group: 'limits', label: '文档总容量', help: `${USER}全部文档的总体积（粘贴的文本按UTF-8字节计）` },
    { min: SETTING_MB, max: 100 * 1024 * SETTING_MB },
  ),
  knowledge_total_bytes_vip: bytes(
    { group: 'limits', label: '会员文档总容量', help: `${VIP}全部文档的总体积` },
    { min: SETTING_MB, max: 100 * 1024 * SETTING_MB },
  ),
  report_hide_threshold: count(
    { group: 'community', label: '举报隐藏人数', help: '被这么多位不同用户举报后，帖子先隐藏，等运营处理' },
    { min: 1, max: 1000, unit: '人' },
  ),
  redeem_failures_per_user_hour: count(
    {
      group: 'redeem',
      label: '每用户每小时失败次数',
      help: '同一用户一小时内兑换失败这么多次后，需稍后再试',
    },
    { min: 1, max: 1000, unit: '次' },
  ),
  redeem_failures_per_ip_hour: count(
    { group: 'redeem', label: '每IP每小时失败次数', help: '同一IP一小时内兑换失败这么多次后，需稍后再试' },
    { min: 1, max: 10_000, unit: '次' },
  ),
  vip_tiers: {
    ...{
      group: 'plans' as const,
      label: '会员套餐',
      help: '会员中心售卖的会员，按此顺序展示；下架的套餐的老会员按第一个套餐赠送芯片',
    },
    ...{ kind: 'tiers' as const, min: 1, max: 10, schema: planList(vipTierSetting, '会员套餐', 10) },
  },
  chip_packages: {
    ...{ group: 'plans' as const, label: '芯片套餐', help: '会员中心售卖的芯片充值套餐，按此顺序展示' },
    ...{ kind: 'packages' as const, min: 1, max: 12, schema: planList(chipPackageSetting, '芯片套餐', 12) },
  },
  vip_discount_percent: share(
    {
      group: 'plans',
      label: '会员芯片折扣',
      help: '会员对话消耗的芯片减免的比例（20即八折），向上取整，付费模型至少1芯片',
    },
    'percent',
    100,
  ),
  vip_expiry_notice_days: count(
    { group: 'plans', label: '到期提醒', help: '会员到期前几天发送“会员即将到期”通知；0为不提醒' },
    { min: 0, max: 30, unit: '天' },
  ),
  order_close_minutes: count(
    { group: 'plans', label: '订单支付时限', help: '待支付订单超过这么久自动关闭' },
    { min: 1, max: 1440, unit: '分钟' },
  ),
  invite_inviter_chips: count(
    { group: 'invite', label: '邀请人奖励', help: '被邀请的新用户注册后，邀请人获得的芯片' },
    { min: 0, max: 100_000, unit: '芯片' },
  ),
  invite_invitee_chips: count(
    { group: 'invite', label: '被邀请人奖励', help: '通过邀请注册的新用户额外获得的芯片' },
    { min: 0, max: 100_000, unit: '芯片' },
  ),
  invite_commission_percent: share(
    {
      group: 'invite',
      label: '充值分成比例',
      help: '被邀请人每笔支付成功的订单，按此比例计入邀请人收益（向下取整到分）',
    },
    'percent',
    100,
  ),
  invite_commission_days: count(
    { group: 'invite', label: '分成期限', help: '被邀请人注册后这么多天内的订单给邀请人分成' },
    { min: 0, max: 3650, unit: '天' },
  ),
  invite_daily_cap: count(
    { group: 'invite', label: '每日奖励上限', help: '每位邀请人每天（北京时间）最多获得注册奖励的邀请数' },
    { min: 0, max: 10_000, unit: '人' },
  ),
  creator_fen_per_chip: {
    ...{
      group: 'creator' as const,
      label: '创作者分成',
      help: '他人在已发布的智能体上每消耗1芯片，创作者获得的金额（按日结算，向下取整到分）',
    },
    ...{
      kind: 'decimal' as const,
      unit: '分/芯片',
      min: 0,
      max: 10,
      schema: decimalRate('创作者分成', 0, 10, '分'),
    },
  },
  withdrawal_min_fen: money(
    { group: 'withdrawal', label: '单笔最低提现', help: '一次提现申请的最低金额' },
    { min: 0, max: 10_000_000 },
  ),
  withdrawal_daily_max_fen: money(
    {
      group: 'withdrawal',
      label: '每日提现上限',
      help: '每位用户每天（北京时间）申请提现的总额上限，被驳回的不计',
    },
    { min: 0, max: 100_000_000 },
  ),
  withdrawal_fee_permille: share(
    { group: 'withdrawal', label: '手续费率', help: '按提现金额的千分比收取，向下取整；0为免手续费' },
    'permille',
    1000,
  ),
  withdrawal_fee_min_fen: money(
    { group: 'withdrawal', label: '最低手续费', help: '收取手续费时每笔至少收取的金额（费率为0时不收）' },
    { min: 0, max: 100_000 },
  ),
} satisfies Record<string, SettingDef>;

export type SettingKey = keyof typeof SETTING_CATALOGUE;
export const SETTING_KEYS = Object.keys(SETTING_CATALOGUE) as [SettingKey, ...SettingKey[]];
/** Every setting's value, as its schema reads it. */
export type SettingValues = { [K in SettingKey]: z.output<(typeof SETTING_CATALOGUE)[K]['schema']> };

/** A refusal of a value, worded for its place: `第2个会员套餐：售价须大于0`, with the field the console marks. */
export function settingIssues(key: SettingKey, error: z.ZodError) {
  const item = SETTING_CATALOGUE[key].kind === 'hosts' ? '域名' : SETTING_CATALOGUE[key].label;
  return error.issues.map((issue) => {
    const [index] = issue.path;
    const where = typeof index === 'number' ? `第${index + 1}个${item}：` : '';
    return { field: ['value', ...issue.path].join('.'), message: where + issue.message };
  });
}

export const settingKeyParams = z.object({
  key: z.enum(SETTING_KEYS, { error: '没有这个设置项' }),
});

/** PUT /admin/setting/{key}: the new value, validated by the key's schema. */
export const settingValueBody = z.object({
  value: z.unknown().refine((v) => v !== undefined, '请填写设置值'),
});

/** One setting as the console edits it: the catalogue's metadata, the value in force and the default. */
export const adminSetting = z.object({
  key: z.enum(SETTING_KEYS),
  group: settingGroup,
  label: z.string(),
  help: z.string(),
  kind: settingKind,
  unit: z.string().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  value: z.unknown(),
  default: z.unknown(),
  /** An operator's value is in force (else the default). */
  overridden: z.boolean(),
  updated_at: z.string().nullable(),
});
export type AdminSetting = z.infer<typeof adminSetting>;

export const adminSettingList = z.object({ list: z.array(adminSetting) });
export type AdminSettingList = z.infer<typeof adminSettingList>;
