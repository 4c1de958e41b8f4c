import { z } from 'zod';

/**
 * Chinese messages for every schema without a message of its own, naming the field, so a validation
 * failure always tells the user what to fix. Schema-level messages (the contract's) take precedence.
 */
export function configureZodMessages() {
  const zh = z.locales.zhCN();
  z.config(zh);
  z.config({
    customError: (iss) => {
      const base = zh.localeError(iss);
      const text = typeof base === 'string' ? base : base?.message;
      if (!text) return undefined;
      return iss.path?.length ? `参数 ${iss.path.join('.')} 有误：${text}` : text;
    },
  });
}
