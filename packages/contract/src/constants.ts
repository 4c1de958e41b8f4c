/** The client contract's business constants (docs/product.md) and the limits decided in docs/product.md. */
export const APP_VERSION = '1.0.0';
export const APP_VERSION_CODE = 1008;

/** Time-out of the product's API layer (the longer of the client contract's two readings, 60 s and 120 s). */
export const REQUEST_TIMEOUT_MS = 120_000;
export const RELOGIN_DEBOUNCE_MS = 500;
export const LOGOUT_REDIRECT_DELAY_MS = 1500;
export const PAGE_LOADING_DELAY_MS = 200;
export const PAGE_LOAD_TIMEOUT_MS = 60_000;
export const TOAST_DURATION_MS = 2000;
export const CODE_COUNTDOWN_SECONDS = 60;
export const BUTTON_THROTTLE_MS = 500;

export const QUERY_LIMITS = { arrayLimit: 20, depth: 5, parameterLimit: 1000 } as const;

export const TAB_BAR = { height: 61, iconSize: 21, fontSize: 11 } as const;

export const LOCALES = ['en', 'es', 'fr', 'zh-Hans', 'zh-Hant'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Account rules (docs/product.md, Account). */
export const PHONE_PATTERN = /^1\d{10}$/;
export const SMS_CODE_LENGTH = 6;
export const SMS_CODE_TTL_SECONDS = 5 * 60;
export const SMS_CODE_MAX_ATTEMPTS = 5;
export const SMS_PHONE_INTERVAL_SECONDS = 60;
export const SMS_PHONE_DAILY_LIMIT = 10;
export const SMS_IP_HOURLY_LIMIT = 30;
export const SESSION_IDLE_DAYS = 30;
/** An operator's session (role admin) ends sooner: after this many hours without use (docs/admin.md, Access). */
export const OPERATOR_SESSION_IDLE_HOURS = 12;

export const NICKNAME_MAX = 20;
export const BIO_MAX = 140;
export const FEEDBACK_CONTENT_MAX = 500;
export const FEEDBACK_CONTACT_MAX = 64;
export const PRESET_AVATARS_PER_GENDER = 12;
