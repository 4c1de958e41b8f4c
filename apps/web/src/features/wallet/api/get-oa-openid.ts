import type { OaOpenId } from '@lingxi/contract';
import { request } from '../../../lib/request';

/** GET /api/v1/wechat/oa/openid?code=: the OA authorisation's code, exchanged (and bound to me) for the openid. */
export function getOaOpenId(code: string): Promise<OaOpenId> {
  return request.get<OaOpenId>('/api/v1/wechat/oa/openid', { params: { code } });
}
