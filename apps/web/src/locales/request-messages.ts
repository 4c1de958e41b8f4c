import type { Locale } from '@lingxi/contract';

interface Messages {
  serverBusy: string;
  notLoggedIn: string;
  loginConfirm: string;
  internalError: string;
  httpStatus: (status: number) => string;
}

/**
 * The request client's own texts (docs/i18n.md): zh-Hans is the client contract's catalogue word for word; the
 * other locales say the same. A table rather than i18next keys, because the consumer app and the console share the
 * request client but not their i18next resources.
 */
const TABLE: Record<Locale, Messages> = {
  'zh-Hans': {
    serverBusy: '服务器繁忙，请稍后再试',
    notLoggedIn: '未登录或登录过期了',
    loginConfirm: '未登录或登录过期了，是否前往登录？',
    internalError: '服务器内部错误，请稍后再试',
    httpStatus: (status) => `请求错误码${status}，请稍后再试`,
  },
  'zh-Hant': {
    serverBusy: '伺服器繁忙，請稍後再試',
    notLoggedIn: '未登入或登入過期了',
    loginConfirm: '未登入或登入過期了，是否前往登入？',
    internalError: '伺服器內部錯誤，請稍後再試',
    httpStatus: (status) => `請求錯誤碼${status}，請稍後再試`,
  },
  en: {
    serverBusy: 'The server is busy. Please try again later.',
    notLoggedIn: 'You are not logged in, or your login has expired.',
    loginConfirm: 'You are not logged in, or your login has expired. Log in now?',
    internalError: 'Internal server error. Please try again later.',
    httpStatus: (status) => `Request failed with status ${status}. Please try again later.`,
  },
  es: {
    serverBusy: 'El servidor está ocupado. Inténtalo de nuevo más tarde.',
    notLoggedIn: 'No has iniciado sesión o tu sesión ha caducado.',
    loginConfirm: 'No has iniciado sesión o tu sesión ha caducado. ¿Iniciar sesión ahora?',
    internalError: 'Error interno del servidor. Inténtalo de nuevo más tarde.',
    httpStatus: (status) => `La solicitud falló con el código ${status}. Inténtalo de nuevo más tarde.`,
  },
  fr: {
    serverBusy: 'Le serveur est occupé. Veuillez réessayer plus tard.',
    notLoggedIn: 'Vous n’êtes pas connecté ou votre session a expiré.',
    loginConfirm: 'Vous n’êtes pas connecté ou votre session a expiré. Se connecter maintenant ?',
    internalError: 'Erreur interne du serveur. Veuillez réessayer plus tard.',
    httpStatus: (status) => `La requête a échoué avec le code ${status}. Veuillez réessayer plus tard.`,
  },
};

let active: Locale = 'zh-Hans';

/** Follows the UI's language (both apps call it when theirs changes). */
export function setRequestMessagesLocale(locale: Locale) {
  active = locale;
}

/** The texts in the UI's current language. */
export const REQUEST_MESSAGES: Messages = {
  get serverBusy() {
    return TABLE[active].serverBusy;
  },
  get notLoggedIn() {
    return TABLE[active].notLoggedIn;
  },
  get loginConfirm() {
    return TABLE[active].loginConfirm;
  },
  get internalError() {
    return TABLE[active].internalError;
  },
  httpStatus: (status) => TABLE[active].httpStatus(status),
};
