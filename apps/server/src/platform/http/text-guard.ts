import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Top-level body fields the service tidies instead (a file's own name, which comes from the user's disk
     * and is shown, never matched): the edge lets broken characters in them through.
     */
    tidiedText?: string[];
    /** What this route's fields are called on its form, where the shared label is another form's (`code`). */
    textLabels?: Record<string, string>;
  }
}

/**
 * Text nobody types and the database cannot hold: NUL (PostgreSQL text rejects it, jsonb rejects `\u0000`)
 * and a UTF-16 surrogate without its partner (jsonb rejects the escape; a text column would silently get
 * U+FFFD). Matched per code unit, so an emoji's well-formed pair passes.
 */
const BROKEN = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const isBrokenText = (s: string) => BROKEN.test(s);

/** For text that is tidied rather than refused (a file's own name): the broken characters dropped. */
export const withoutBrokenText = (s: string) => s.replace(new RegExp(BROKEN.source, 'g'), '');

/** A broken key is named with U+FFFD in its place, so the message itself stays printable. */
const printable = (p: string | number) => String(p).replace(new RegExp(BROKEN.source, 'g'), '\ufffd');

/** The form labels users know, for the message; anything else is named by its parameter. */
const LABELS: Record<string, string> = {
  nickname: '昵称',
  bio: '个人简介',
  avatar: '头像',
  contact: '联系方式',
  content: '内容',
  body: '内容',
  name: '名称',
  title: '标题',
  intro: '简介',
  description: '简介',
  category: '分类',
  tags: '标签',
  persona: '角色设定',
  greeting: '开场白',
  questions: '推荐问题',
  query: '问题',
  reason: '原因',
  keyword: '搜索关键词',
  phone: '手机号',
  code: '验证码',
  invite_code: '邀请码',
  filename: '文件名',
};

/** The envelope a client gets: `<label>含有无效字符`, with the field's path (`tags.1`) in `data.field`. */
export function brokenTextError(path: (string | number)[], labels: Record<string, string> = {}) {
  const field = path.map(printable).join('.');
  const last = [...path].reverse().find((p): p is string => typeof p === 'string');
  const label = (last && (labels[last] ?? LABELS[last])) ?? `参数${field}`;
  const message = `${label}含有无效字符`;
  return AppError.badRequest(message, { field, issues: [{ field, message }] });
}

/** The path of the first broken string (a value or a key) in parsed input, or null. Iterative: deep JSON is fine. */
export function findBrokenText(input: unknown): (string | number)[] | null {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: input, path: [] }];
  while (stack.length) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (isBrokenText(value)) return path;
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: [...path, i] });
    } else if (value && typeof value === 'object') {
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, v] = entries[i]!;
        if (isBrokenText(key)) return [...path, key];
        stack.push({ value: v, path: [...path, key] });
      }
    }
  }
  return null;
}

/**
 * One rule for all text a client sends (path, query, JSON body; multipart fields go through the same check
 * where the upload form is read): NUL or a lone surrogate is refused with an envelope naming the field.
 * Refused, not stripped: no keyboard, paste or well-behaved client produces them (a clipboard string ends at
 * NUL, and UTF-8 cannot carry a lone surrogate), so they come from a broken client or an attacker, and
 * quietly changing what was sent would hide the fault, where a named field tells its developer what to fix.
 * The one exception is a file's own name (`tidiedText`): it comes from the user's disk, and is tidied.
 * docs/product.md, Client contract.
 */
export function registerTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    const tidied = req.routeOptions.config?.tidiedText;
    let body = req.body;
    if (tidied && body && typeof body === 'object' && !Array.isArray(body)) {
      body = Object.fromEntries(Object.entries(body).filter(([key]) => !tidied.includes(key)));
    }
    for (const input of [req.params, req.query, body]) {
      const path = findBrokenText(input);
      if (path) throw brokenTextError(path, req.routeOptions.config?.textLabels);
    }
  });
}
