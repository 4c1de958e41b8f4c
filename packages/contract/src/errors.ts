/**
 * The one table of business error codes. The client branches on `code`, never on `msg`.
 * The client contract's "not logged in" family is 5, 20003, 20005, 20007, 100001, 400001.
 */
export const ErrorCode = {
  OK: 0,
  /** docs/product.md, Client contract: a generic "not logged in" code of the original server. */
  NOT_LOGGED_IN_LEGACY: 5,
  BAD_REQUEST: 10001,
  FORBIDDEN: 10003,
  NOT_FOUND: 10004,
  CONFLICT: 10009,
  RATE_LIMITED: 10029,
  /** A per-user quota is used up (bots, later knowledge bases); a VIP has a larger one. */
  LIMIT_REACHED: 10030,
  /** An upload grant that is unknown, someone else's, already used or for another purpose. */
  UPLOAD_GRANT_INVALID: 10041,
  UPLOAD_GRANT_EXPIRED: 10042,
  /** The file's content (not its name) is of a type the purpose does not take, or it cannot be read. */
  UPLOAD_TYPE_NOT_ALLOWED: 10043,
  PAYLOAD_TOO_LARGE: 10013,
  INTERNAL: 10500,
  NO_TOKEN: 20003,
  TOKEN_EXPIRED: 20005,
  TOKEN_INVALID: 20007,
  SMS_CODE_WRONG: 20101,
  SMS_CODE_EXPIRED: 20102,
  SMS_SEND_FAILED: 20103,
  INSUFFICIENT_CHIPS: 30001,
  /** The model service failed while replying; the partial reply is kept and marked failed. */
  UPSTREAM_FAILED: 30002,
  ACCOUNT_DISABLED: 100001,
  /** docs/product.md, Client contract: a second "not logged in" code of the original server. */
  LOGIN_REQUIRED: 400001,
} as const;

/** The codes the client treats as "not logged in or expired" (docs/product.md, Client contract). */
export const NOT_LOGGED_IN_CODES: readonly number[] = [5, 20003, 20005, 20007, 100001, 400001];

export const ErrorMessage = {
  BAD_REQUEST: '请求参数有误',
  NOT_FOUND: '请求的资源不存在',
  API_NOT_FOUND: '接口不存在',
  FORBIDDEN: '没有权限执行此操作',
  INTERNAL: '服务器开小差了，请稍后再试',
  PAYLOAD_TOO_LARGE: '请求内容过大',
  NO_TOKEN: '未登录，请先登录',
  TOKEN_EXPIRED: '登录已过期，请重新登录',
  TOKEN_INVALID: '登录状态已失效，请重新登录',
  ACCOUNT_DISABLED: '账号已被禁用，如有疑问请联系客服',
  UPLOAD_GRANT_INVALID: '上传凭证无效，请重新上传',
  UPLOAD_GRANT_USED: '上传凭证已使用，请重新上传',
  UPLOAD_GRANT_EXPIRED: '上传凭证已过期，请重新上传',
} as const;
