import type { Envelope } from '@lingxi/contract';

export const ok = <T>(data: T): Envelope<T> => ({ code: 0, msg: 'ok', data });

export const fail = (code: number, msg: string, data: unknown = null): Envelope<unknown> => ({
  code,
  msg,
  data,
});
