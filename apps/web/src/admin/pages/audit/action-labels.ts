/**
 * The audit log's actions in Chinese (docs/admin.md, Audit log). An action is `area.verb` (`bot.approve`); one
 * not listed reads as its area's and its verb's words, or as itself.
 */
export const AREA_LABELS: Record<string, string> = {
  user: '用户',
  bot: '智能体',
  post: '帖子',
  comment: '评论',
  report: '举报',
  topic: '话题',
  notice: '系统消息',
  category: '分类',
  catalogue: '目录',
  model: '模型',
  plan: '套餐',
  order: '订单',
  withdrawal: '提现',
  redeem: '兑换码',
  setting: '设置',
  settings: '设置',
  content: '内容页面',
  feedback: '意见反馈',
  sensitive_word: '敏感词',
  sensitive_words: '敏感词',
  redeem_batch: '兑换码批次',
  system_bot: '官方智能体',
  words: '敏感词',
};

const ACTION_LABELS: Record<string, string> = {
  'bot.approve': '通过智能体审核',
  'bot.reject': '驳回智能体',
  'post.approve': '通过帖子审核',
  'post.reject': '驳回帖子',
  'post.remove': '删除帖子',
  'comment.approve': '通过评论审核',
  'comment.reject': '驳回评论',
  'comment.remove': '删除评论',
  'report.dismiss': '驳回举报',
  'report.remove': '举报成立并删帖',
  'topic.create': '新建话题',
  'topic.update': '修改话题',
  'topic.delete': '删除话题',
  'notice.broadcast': '发布系统消息',
  'order.refund': '订单退款',
  'withdrawal.approve': '通过提现',
  'withdrawal.reject': '驳回提现',
  'withdrawal.paid': '提现已打款',
  'redeem.batch.create': '生成兑换码',
  'redeem.batch.disable': '停用兑换码批次',
  'content.update': '编辑内容页面',
  'setting.update': '修改设置',
  'setting.reset': '恢复默认设置',
  'sensitive_words.update': '更新敏感词',
  'system_bot.update': '修改官方智能体',
  'feedback.handle': '处理意见反馈',
  'model.default': '设为默认模型',
  'model.reorder': '调整模型顺序',
  'category.reorder': '调整分类顺序',
};

const VERB_LABELS: Record<string, string> = {
  approve: '通过',
  reject: '驳回',
  remove: '删除',
  delete: '删除',
  create: '新建',
  add: '添加',
  update: '修改',
  edit: '修改',
  set: '设置',
  disable: '停用',
  enable: '启用',
  grant: '授予',
  revoke: '撤销',
  refund: '退款',
  paid: '已打款',
  broadcast: '发布',
  adjust: '调整',
  chips: '调整芯片',
  vip: '调整会员',
  role: '变更角色',
  reply: '回复',
  handle: '处理',
  feature: '推荐',
  pin: '置顶',
  sort: '排序',
  test: '测试',
};

/** The area of an action (`bot` of `bot.approve`). */
export const areaOf = (action: string) => action.split('.')[0] ?? action;

/** An action in Chinese: `bot.approve` → 通过智能体审核, `user.disable` → 用户·停用. */
export function actionLabel(action: string): string {
  const exact = ACTION_LABELS[action];
  if (exact) return exact;
  const parts = action.split('.');
  const area = AREA_LABELS[parts[0]!];
  const verb = VERB_LABELS[parts.at(-1)!];
  if (!area || parts.length < 2) return action;
  return `${area}·${verb ?? parts.slice(1).join('.')}`;
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
  const type = target.slice(0, at);
  const id = target.slice(at + 1);
  const name = AREA_LABELS[type];
  return name ? `${name} #${id}` : target;
}

const DETAIL_LABELS: Record<string, string> = {
  reason: '原因',
  title: '标题',
  name: '名称',
  edit: '是否修改',
  delta: '变化',
  amount_fen: '金额（分）',
  fee_fen: '手续费（分）',
  user_id: '用户ID',
  postId: '帖子ID',
  post_id: '帖子ID',
  keys: '设置项',
  before: '之前',
  after: '之后',
  reference: '打款流水号',
  reports: '举报数',
  count: '数量',
  value: '面值',
  kind: '类型',
};

/** A detail field in words where it is a known one (`reason` → 原因); the key as it is otherwise. */
export const detailLabel = (key: string) => DETAIL_LABELS[key] ?? null;
