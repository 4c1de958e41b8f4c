import { Button } from 'antd-mobile';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigateSafe } from '../lib/navigation';
import { BuildingIllustration } from './illustrations';
import { Page } from './page';
import './placeholder-page.css';

/** A route whose capability lands in a later issue: a real page with a NavBar and a friendly note. */
export function PlaceholderPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const nav = useNavigateSafe();
  return (
    <Page title={t(titleKey)}>
      <div className="lx-placeholder">
        <BuildingIllustration />
        <div className="lx-placeholder__title">{t('placeholder.title')}</div>
        <div className="lx-placeholder__text">{t('placeholder.text', { name: t(titleKey) })}</div>
        <Button
          className="lx-placeholder__action"
          shape="rounded"
          fill="outline"
          color="primary"
          onClick={() => void nav.relaunch('/')}
        >
          {t('placeholder.backHome')}
        </Button>
      </div>
    </Page>
  );
}

/** One placeholder component per route, made once when the route's chunk loads. */
export function placeholderFor(titleKey: string): ComponentType {
  function Placeholder() {
    return <PlaceholderPage titleKey={titleKey} />;
  }
  Placeholder.displayName = `Placeholder(${titleKey})`;
  return Placeholder;
}
