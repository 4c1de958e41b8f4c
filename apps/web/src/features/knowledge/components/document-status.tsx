import type { DocumentStatus } from '@lingxi/contract';
import { SpinLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** 待处理 / 处理中 (with a spinner) / 已就绪 / 失败. */
export function DocumentStatusTag({ status }: { status: DocumentStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`lx-doc-status lx-doc-status--${status}`} data-testid="doc-status" data-status={status}>
      {status === 'processing' ? (
        <SpinLoading style={{ '--size': '10px', '--color': 'currentColor' }} />
      ) : null}
      {t(`knowledge.doc.status.${status}`)}
    </span>
  );
}
