import { useTranslation } from 'react-i18next';
import './open-in-browser-overlay.css';

/**
 * WeChat's in-app browser does not download APKs: a dark layer with an arrow to the top-right menu, where
 * 在浏览器打开 is (docs/platforms.md, Pages). A tap anywhere hides it.
 */
export function OpenInBrowserOverlay({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      className="lx-open-browser"
      role="dialog"
      aria-modal="true"
      aria-label={t('downloadApp.wechatTitle')}
      data-testid="open-in-browser"
      onClick={onClose}
    >
      <svg className="lx-open-browser__arrow" width="96" height="120" viewBox="0 0 96 120" aria-hidden="true">
        <path
          d="M12 112 C 20 60, 48 30, 84 12"
          stroke="#fff"
          strokeWidth="3.5"
          strokeLinecap="round"
          strokeDasharray="2 9"
          fill="none"
        />
        <path d="M66 8 L 86 11 L 80 30" stroke="#fff" strokeWidth="3.5" strokeLinecap="round" fill="none" />
      </svg>
      <div className="lx-open-browser__card">
        <div className="lx-open-browser__title">{t('downloadApp.wechatTitle')}</div>
        <ol className="lx-open-browser__steps">
          <li>
            <span className="lx-open-browser__num">1</span>
            <span>
              {t('downloadApp.wechatStep1')} <span className="lx-open-browser__dots">···</span>
            </span>
          </li>
          <li>
            <span className="lx-open-browser__num">2</span>
            <span>{t('downloadApp.wechatStep2')}</span>
          </li>
        </ol>
        <div className="lx-open-browser__hint">{t('downloadApp.wechatHint')}</div>
      </div>
    </div>
  );
}
