import type { PublicSettings } from '@lingxi/contract';
import { settingChecks } from './setting-checks.js';

/** Defaults of the public settings (`GET /api/v1/setting`); a row in `settings` overrides a key. */
export const PUBLIC_DEFAULTS: Omit<PublicSettings, 'cdn_base'> = {
  assistant_name: '灵犀',
  share_title: '你的AI助手',
  share_image: '/icons/share.png',
  deprecated_hosts: [],
  new_url: '',
  web_view_hosts: [],
  customer_service: 'support@lingxi.example',
  icp: '',
  signup_bonus: 100,
};

export const PUBLIC_CHECKS = settingChecks(PUBLIC_DEFAULTS);
