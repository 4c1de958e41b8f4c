import { Button, Modal } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useCommonStore } from '../lib/common-store';
import './deprecated-host-modal.css';

export function isDeprecatedHost(host: string, deprecatedHosts: readonly string[] | undefined): boolean {
  if (!host || !deprecatedHosts?.length) return false;
  const current = host.toLowerCase();
  return deprecatedHosts.some((h) => h.trim().toLowerCase() === current);
}

/**
 * docs/product.md, Client contract: the old product host opened → a modal that cannot be closed, pointing to
 * the new link.
 */
export function DeprecatedHostModal() {
  const { t } = useTranslation();
  const setting = useCommonStore().systemSetting;
  const visible = isDeprecatedHost(window.location.host, setting?.deprecated_hosts);
  const newUrl = setting?.new_url ?? '';

  return (
    <Modal
      visible={visible}
      closeOnMaskClick={false}
      showCloseButton={false}
      title={t('deprecated.title')}
      content={
        <div className="lx-deprecated">
          <p>{t('deprecated.text')}</p>
          {newUrl ? (
            <a className="lx-deprecated__link" href={newUrl}>
              {newUrl}
            </a>
          ) : null}
          {newUrl ? (
            <Button block color="primary" shape="rounded" onClick={() => window.location.assign(newUrl)}>
              {t('deprecated.go')}
            </Button>
          ) : null}
        </div>
      }
    />
  );
}
