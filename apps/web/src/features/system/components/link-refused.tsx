import { Button } from 'antd-mobile';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { BrokenLinkIllustration } from '../../../components/illustrations';
import type { RefusalReason } from '../../../lib/allowed-url';
import { useNavigateSafe } from '../../../lib/navigation';
import '../../../components/page-state.css';

type Why = RefusalReason | 'missing';

/** The words of each page, spelled out so the locale tests see every key. */
const WORDS = {
  redirect: (t: TFunction, why: Why) => ({
    title: t('redirect.refusedTitle'),
    text:
      why === 'missing'
        ? t('redirect.missing')
        : why === 'invalid'
          ? t('redirect.invalid')
          : why === 'loop'
            ? t('redirect.loop')
            : t('redirect.notAllowed'),
  }),
  webView: (t: TFunction, why: Why) => ({
    title: t('webView.refusedTitle'),
    text:
      why === 'missing'
        ? t('webView.missing')
        : why === 'invalid'
          ? t('webView.invalid')
          : t('webView.notAllowed'),
  }),
};

/** Why an address was not opened, in words a user understands, and a way on (docs/platforms.md, Pages). */
export function LinkRefused({ page, why }: { page: keyof typeof WORDS; why: Why }) {
  const { t } = useTranslation();
  const nav = useNavigateSafe();
  const { title, text } = WORDS[page](t, why);
  return (
    <div className="lx-page-state" role="alert" data-testid="link-refused">
      <BrokenLinkIllustration />
      <div className="lx-page-state__title">{title}</div>
      <div className="lx-page-state__text">{text}</div>
      <Button
        className="lx-page-state__action"
        color="primary"
        shape="rounded"
        onClick={() => void nav.relaunch('/')}
      >
        {t('redirect.home')}
      </Button>
    </div>
  );
}
