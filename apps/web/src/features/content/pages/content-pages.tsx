import type { ContentSlug } from '@lingxi/contract';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../../components/page';
import { ContentView } from '../components/content-view';

function ContentPage({ slug, titleKey }: { slug: ContentSlug; titleKey: string }) {
  const { t } = useTranslation();
  return (
    <Page title={t(titleKey)}>
      <ContentView key={slug} slug={slug} barTitle={t(titleKey)} />
    </Page>
  );
}

/** /agreement: the user agreement; /agreement?type=privacy shows the privacy policy. */
export function AgreementPage() {
  const [params] = useSearchParams();
  return params.get('type') === 'privacy' ? (
    <ContentPage slug="privacy" titleKey="titles.privacy" />
  ) : (
    <ContentPage slug="agreement" titleKey="titles.agreement" />
  );
}

/** /agreement/chip-top-up: the chip top-up agreement. */
export function ChipTopUpAgreementPage() {
  return <ContentPage slug="chip-top-up-agreement" titleKey="titles.chipTopUpAgreement" />;
}

export function AboutUsPage() {
  return <ContentPage slug="about-us" titleKey="titles.aboutUs" />;
}

export function UpdateLogPage() {
  return <ContentPage slug="update-log" titleKey="titles.updateLog" />;
}

export function HelpCenterPage() {
  return <ContentPage slug="help-center" titleKey="titles.helpCenter" />;
}
