import { z } from 'zod';
import {
  BIO_MAX,
  FEEDBACK_CONTACT_MAX,
  FEEDBACK_CONTENT_MAX,
  NICKNAME_MAX,
  PHONE_PATTERN,
  SMS_CODE_LENGTH,
} from './constants.js';

export const phone = z
  .string({ error: '请输入手机号' })
  .trim()
  .regex(PHONE_PATTERN, '请输入正确的11位手机号');

const smsCode = z
  .string({ error: '请输入验证码' })
  .trim()
  .regex(new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`), `验证码为${SMS_CODE_LENGTH}位数字`);

export const inviteCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{6,8}$/, '邀请码格式不正确');

/** POST /api/v1/login/code/{phone} */
export const loginCodeParams = z.object({ phone });
export type LoginCodeParams = z.input<typeof loginCodeParams>;
export const loginCodeData = z.object({
  /** Seconds until another code may be requested. */
  retry_after: z.number().int(),
  /** Seconds the code stays valid. */
  expires_in: z.number().int(),
});
export type LoginCodeData = z.infer<typeof loginCodeData>;

/** POST /api/v1/phone/login */
export const loginBody = z.object({
  phone,
  code: smsCode,
  /** From a shared link: an empty or malformed one is ignored like an unknown one; it never blocks login. */
  invite_code: inviteCode.optional().catch(undefined),
});
export type LoginBody = z.input<typeof loginBody>;

export const gender = z.union([z.literal(0), z.literal(1), z.literal(2)], {
  error: '性别取值应为0（保密）、1（男）或2（女）',
});
export type Gender = z.infer<typeof gender>;

export const userInfo = z.object({
  id: z.number().int(),
  /** Masked: 138****0000. */
  phone: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  gender,
  birthday: z.string().nullable(),
  bio: z.string(),
  invite_code: z.string(),
  role: z.enum(['user', 'admin']),
  is_vip: z.boolean(),
  vip_expires_at: z.string().nullable(),
  chips: z.number().int(),
  created_at: z.string(),
});
export type UserInfo = z.infer<typeof userInfo>;

export const loginData = z.object({ token: z.string(), user_info: userInfo });
export type LoginData = z.infer<typeof loginData>;

const avatarUrl = z
  .string()
  .trim()
  .max(500, '头像地址过长')
  // A preset avatar (/media/avatars/...) or the user's own upload (/media/u/...), also as an absolute URL on
  // the app's address: the server resolves the path as a browser would and refuses anything else, another
  // host's image included.
  .regex(/^(\/media\/(avatars|u)\/|https?:\/\/)[^\s<>"']+$/, '头像地址不正确');

/** PUT /api/v1/user: any subset of the editable profile. */
export const updateUserBody = z
  .strictObject(
    {
      nickname: z.string().trim().min(1, '昵称不能为空').max(NICKNAME_MAX, `昵称最多${NICKNAME_MAX}个字符`),
      avatar: avatarUrl,
      gender,
      birthday: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, '生日格式应为YYYY-MM-DD')
        .refine(
          (d) => !Number.isNaN(Date.parse(d)) && new Date(d).toISOString().startsWith(d),
          '生日不是有效日期',
        )
        .refine((d) => d >= '1900-01-01' && d <= new Date().toISOString().slice(0, 10), '生日不在有效范围内')
        .nullable(),
      bio: z.string().trim().max(BIO_MAX, `个人简介最多${BIO_MAX}个字符`),
    },
    {
      error: (iss) =>
        iss.code === 'unrecognized_keys' ? `不支持修改的字段：${iss.keys.join('、')}` : undefined,
    },
  )
  .partial()
  .refine((v) => Object.keys(v).length > 0, '没有需要修改的内容');
export type UpdateUserBody = z.input<typeof updateUserBody>;

/** DELETE /api/v1/user: account deletion, re-verified by an SMS code sent to the account's own phone. */
export const deleteUserBody = z.object({ code: smsCode });
export type DeleteUserBody = z.input<typeof deleteUserBody>;

export const avatarParams = z.object({
  gender: z.enum(['0', '1', '2', 'male', 'female', 'unknown'], { error: '性别参数应为0、1、2' }),
});
export const avatarList = z.object({ list: z.array(z.object({ id: z.string(), url: z.string() })) });
export type AvatarList = z.infer<typeof avatarList>;

/** POST /api/v1/opinion */
export const feedbackType = z.enum(['suggestion', 'bug', 'content', 'account', 'other'], {
  error: '请选择反馈类型',
});
export const feedbackBody = z.object({
  type: feedbackType,
  content: z
    .string({ error: '请填写反馈内容' })
    .trim()
    .min(5, '反馈内容至少5个字')
    .max(FEEDBACK_CONTENT_MAX, `反馈内容最多${FEEDBACK_CONTENT_MAX}个字`),
  contact: z.string().trim().max(FEEDBACK_CONTACT_MAX, '联系方式过长').optional(),
});
export type FeedbackBody = z.input<typeof feedbackBody>;
export const feedbackData = z.object({ id: z.number().int() });
export type FeedbackData = z.infer<typeof feedbackData>;
