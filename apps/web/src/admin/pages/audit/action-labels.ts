import { t } from 'i18next';

/**
 * The audit log's actions in the console's language (docs/admin.md, Audit log): each known code has its text under
 * `audit.*` in the console texts. An action is `area.verb` (`bot.approve`); one not listed reads as its area's and
 * its verb's words, or as itself. The texts are read at call time, so they follow the language.
 */
export const AREAS = [
  'user',
  'bot',
  'post',
  'comment',
  'report',
  'topic',
  'notice',
  'category',
  'catalogue',
  'model',
  'plan',
  'order',
  'withdrawal',
  'redeem',
  'setting',
  'settings',
  'content',
  'feedback',
  'sensitive_word',
  'sensitive_words',
  'redeem_batch',
  'system_bot',
  'words',
] as const;

const ACTIONS = new Set([
  'bot.approve',
  'bot.reject',
  'post.approve',
  'post.reject',
  'post.remove',
  'comment.approve',
  'comment.reject',
  'comment.remove',
  'report.dismiss',
  'report.remove',
  'topic.create',
  'topic.update',
  'topic.delete',
  'notice.broadcast',
  'order.refund',
  'withdrawal.approve',
  'withdrawal.reject',
  'withdrawal.paid',
  'redeem.batch.create',
  'redeem.batch.disable',
  'content.update',
  'setting.update',
  'setting.reset',
  'sensitive_words.update',
  'system_bot.update',
  'feedback.handle',
  'model.default',
  'model.reorder',
  'category.reorder',
]);

const VERBS = new Set([
  'approve',
  'reject',
  'remove',
  'delete',
  'create',
  'add',
  'update',
  'edit',
  'set',
  'disable',
  'enable',
  'grant',
  'revoke',
  'refund',
  'paid',
  'broadcast',
  'adjust',
  'chips',
  'vip',
  'role',
  'reply',
  'handle',
  'feature',
  'pin',
  'sort',
  'test',
]);

const DETAILS = new Set([
  'reason',
  'title',
  'name',
  'edit',
  'delta',
  'amount_fen',
  'fee_fen',
  'user_id',
  'postId',
  'post_id',
  'keys',
  'before',
  'after',
  'reference',
  'reports',
  'count',
  'value',
  'kind',
]);

const has = (list: readonly string[], code: string | undefined): code is string =>
  code !== undefined && list.includes(code);

/** An area in words (`bot` → 智能体), or null when it is not a known one. */
export const areaLabel = (area: string | undefined) => (has(AREAS, area) ? t(`audit.areas.${area}`) : null);

/** The area of an action (`bot` of `bot.approve`). */
export const areaOf = (action: string) => action.split('.')[0] ?? action;

/** An action in words: `bot.approve` → 通过智能体审核, `user.disable` → 用户·停用. */
export function actionLabel(action: string): string {
  if (ACTIONS.has(action)) return t(`audit.actions.${action.replaceAll('.', '_')}`);
  const parts = action.split('.');
  const area = areaLabel(parts[0]);
  if (!area || parts.length < 2) return action;
  const last = parts.at(-1)!;
  const verb = VERBS.has(last) ? t(`audit.verbs.${last}`) : parts.slice(1).join('.');
  return t('audit.composed', { area, verb });
}

const AREA_COLORS: Record<string, string> = {
  user: 'blue',
  bot: 'purple',
  post: 'cyan',
  comment: 'cyan',
  report: 'volcano',
  topic: 'geekblue',
  notice: 'gold',
  order: 'green',
  withdrawal: 'green',
  redeem: 'lime',
  model: 'magenta',
  setting: 'default',
  settings: 'default',
};

/** A tag colour by area; removals, rejections and refunds in red. */
export function actionColor(action: string): string {
  if (/\.(remove|delete|reject|disable|revoke|refund)$/.test(action)) return 'red';
  return AREA_COLORS[areaOf(action)] ?? 'default';
}

/** A target in words: `bot:42` → 智能体 #42. */
export function targetLabel(target: string): string {
  const at = target.indexOf(':');
  if (at < 0) return target;
  const name = areaLabel(target.slice(0, at));
  return name ? t('audit.target', { name, id: target.slice(at + 1) }) : target;
}

/** A detail field in words where it is a known one (`reason` → 原因); null otherwise. */
export const detailLabel = (key: string) => (DETAILS.has(key) ? t(`audit.details.${key}`) : null);
