import type { Translations } from '@lingxi/contract';

/*
 * The titles of the notices the server writes (review results, payments, payouts, invites …), in the other
 * locales. `notify` stores a title's translations in the notice's row when it writes it (docs/i18n.md, Data the
 * platform owns); a title missing here is read in zh-Hans (and its OpenCC conversion in zh-Hant). zh-Hant is given
 * where the conversion would not use the app's own zh-Hant words (智慧體, 貼文, 留言, 晶片, 到帳). The bodies quote
 * users' words and stay as written. `notice-titles.test.ts` fails when a title the code writes is missing here.
 */
const TITLES: Record<string, { en: string; es: string; fr: string; 'zh-Hant'?: string }> = {
  智能体已通过审核: {
    en: 'Your bot was approved',
    es: 'Tu bot fue aprobado',
    fr: 'Votre bot a été approuvé',
    'zh-Hant': '智慧體已通過審核',
  },
  智能体未通过审核: {
    en: 'Your bot was not approved',
    es: 'Tu bot no fue aprobado',
    fr: "Votre bot n'a pas été approuvé",
    'zh-Hant': '智慧體未通過審核',
  },
  智能体修改已通过审核: {
    en: 'Your bot edit was approved',
    es: 'Tu cambio en el bot fue aprobado',
    fr: 'La modification de votre bot a été approuvée',
    'zh-Hant': '智慧體修改已通過審核',
  },
  智能体修改未通过审核: {
    en: 'Your bot edit was not approved',
    es: 'Tu cambio en el bot no fue aprobado',
    fr: "La modification de votre bot n'a pas été approuvée",
    'zh-Hant': '智慧體修改未通過審核',
  },
  帖子已通过审核: {
    en: 'Your post was approved',
    es: 'Tu publicación fue aprobada',
    fr: 'Votre publication a été approuvée',
    'zh-Hant': '貼文已通過審核',
  },
  帖子未通过审核: {
    en: 'Your post was not approved',
    es: 'Tu publicación no fue aprobada',
    fr: "Votre publication n'a pas été approuvée",
    'zh-Hant': '貼文未通過審核',
  },
  帖子已被删除: {
    en: 'Your post was removed',
    es: 'Tu publicación fue eliminada',
    fr: 'Votre publication a été supprimée',
    'zh-Hant': '貼文已被刪除',
  },
  评论已通过审核: {
    en: 'Your comment was approved',
    es: 'Tu comentario fue aprobado',
    fr: 'Votre commentaire a été approuvé',
    'zh-Hant': '留言已通過審核',
  },
  评论未通过审核: {
    en: 'Your comment was not approved',
    es: 'Tu comentario no fue aprobado',
    fr: "Votre commentaire n'a pas été approuvé",
    'zh-Hant': '留言未通過審核',
  },
  评论已被移除: {
    en: 'Your comment was removed',
    es: 'Tu comentario fue eliminado',
    fr: 'Votre commentaire a été supprimé',
    'zh-Hant': '留言已被移除',
  },
  你举报的内容已处理: {
    en: 'Your report has been handled',
    es: 'Tu denuncia ha sido atendida',
    fr: 'Votre signalement a été traité',
    'zh-Hant': '你檢舉的內容已處理',
  },
  意见反馈有回复了: {
    en: 'Your feedback got a reply',
    es: 'Tu comentario recibió una respuesta',
    fr: 'Votre avis a reçu une réponse',
    'zh-Hant': '意見回饋有回覆了',
  },
  支付成功: { en: 'Payment successful', es: 'Pago realizado', fr: 'Paiement effectué' },
  订单已退款: { en: 'Order refunded', es: 'Pedido reembolsado', fr: 'Commande remboursée' },
  每月会员芯片已到账: {
    en: 'Your monthly membership chips have arrived',
    es: 'Ya tienes tus chips mensuales de miembro',
    fr: 'Vos puces mensuelles de membre sont arrivées',
    'zh-Hant': '每月會員晶片已到帳',
  },
  会员即将到期: {
    en: 'Your membership expires soon',
    es: 'Tu membresía vence pronto',
    fr: 'Votre abonnement expire bientôt',
  },
  兑换成功: { en: 'Code redeemed', es: 'Código canjeado', fr: 'Code utilisé' },
  邀请奖励到账: {
    en: 'Your invite reward has arrived',
    es: 'Ya tienes tu recompensa por invitación',
    fr: "Votre récompense d'invitation est arrivée",
    'zh-Hant': '邀請獎勵到帳',
  },
  邀请佣金到账: {
    en: 'Invite commission received',
    es: 'Comisión por invitación recibida',
    fr: "Commission d'invitation reçue",
    'zh-Hant': '邀請佣金到帳',
  },
  邀请佣金已扣回: {
    en: 'Invite commission reversed',
    es: 'Comisión por invitación revertida',
    fr: "Commission d'invitation annulée",
  },
  提现申请已通过: {
    en: 'Withdrawal request approved',
    es: 'Solicitud de retiro aprobada',
    fr: 'Demande de retrait approuvée',
  },
  提现申请已驳回: {
    en: 'Withdrawal request declined',
    es: 'Solicitud de retiro rechazada',
    fr: 'Demande de retrait refusée',
  },
  提现已打款: { en: 'Withdrawal paid out', es: 'Retiro pagado', fr: 'Retrait versé' },
};

/** The titles the catalogue knows (its test compares them with those the code writes). */
export const KNOWN_NOTICE_TITLES = Object.keys(TITLES);

/** A notice title's translations for its row; none for a title the catalogue does not know. */
export function noticeTitleTranslations(title: string): Translations {
  const t = Object.hasOwn(TITLES, title) ? TITLES[title] : undefined;
  if (!t) return {};
  const out: Translations = { en: { title: t.en }, es: { title: t.es }, fr: { title: t.fr } };
  if (t['zh-Hant']) out['zh-Hant'] = { title: t['zh-Hant'] };
  return out;
}
