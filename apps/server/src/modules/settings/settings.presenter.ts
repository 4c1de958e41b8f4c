import type {
  AdminContentPage,
  ContentPage,
  ContentSlug,
  PublicSettings,
  VersionInfo,
} from '@lingxi/contract';
import { localize } from '../../platform/i18n/localize.js';
import type { ContentPageRow } from './settings.repository.js';
import type { AppVersion } from './settings.service.js';

/**
 * Exactly the public keys: a setting the server keeps for itself never reaches a client. The operator's words (the
 * assistant's name, the share title) are read in Traditional script by a zh-Hant reader (docs/i18n.md, Data the
 * platform owns); they have no translations to other languages, so other readers get them as written.
 */
export const presentPublicSettings = (s: PublicSettings): PublicSettings => ({
  ...localize({ assistant_name: s.assistant_name, share_title: s.share_title }, {}),
  share_image: s.share_image,
  cdn_base: s.cdn_base,
  deprecated_hosts: s.deprecated_hosts,
  new_url: s.new_url,
  web_view_hosts: s.web_view_hosts,
  customer_service: s.customer_service,
  icp: s.icp,
  signup_bonus: s.signup_bonus,
});

export const presentVersion = (v: AppVersion): VersionInfo => ({
  version: v.version,
  version_code: v.versionCode,
  download_url: v.downloadUrl,
  // Release notes are the operator's words: converted for a zh-Hant reader, as written for the others.
  notes: localize({ notes: v.notes }, {}).notes,
  force_update: v.forceUpdate,
  released_at: v.releasedAt,
});

/** A content page in the reader's locale (docs/i18n.md, Data the platform owns). */
export const presentContentPage = (row: ContentPageRow): ContentPage => ({
  slug: row.slug as ContentSlug,
  ...localize({ title: row.title, body: row.body }, row.translations),
  updated_at: row.updatedAt.toISOString(),
});

/** A content page as the console edits it: the source (zh-Hans) and its translations. */
export const presentAdminContentPage = (row: ContentPageRow): AdminContentPage => ({
  slug: row.slug as ContentSlug,
  title: row.title,
  body: row.body,
  updated_at: row.updatedAt.toISOString(),
  translations: row.translations,
});
