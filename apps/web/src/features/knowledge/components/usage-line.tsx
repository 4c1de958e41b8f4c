import type { KnowledgeBaseList } from '@lingxi/contract';
import { ProgressBar } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { formatBytes } from './format';

/** Used this share of a limit: the VIP hint shows. */
export const NEAR_LIMIT = 0.8;

export function usageRatio({ usage, limits }: Pick<KnowledgeBaseList, 'usage' | 'limits'>): number {
  const bases = limits.max_bases > 0 ? usage.bases / limits.max_bases : 0;
  const bytes = limits.max_total_bytes > 0 ? usage.bytes / limits.max_total_bytes : 0;
  return Math.min(1, Math.max(bases, bytes));
}

interface UsageLineProps {
  data: Pick<KnowledgeBaseList, 'usage' | 'limits'>;
  onVip: () => void;
}

/** "已用 3/10 个 · 12.3 MB/50 MB", a bar of the fuller of the two, and the VIP hint near the limit. */
export function UsageLine({ data, onVip }: UsageLineProps) {
  const { t } = useTranslation();
  const { usage, limits } = data;
  const ratio = usageRatio(data);
  const near = ratio >= NEAR_LIMIT;
  return (
    <section className="lx-kb-usage lx-card" data-testid="knowledge-usage">
      <div className="lx-kb-usage__line">
        <span className="lx-kb-usage__text">
          {t('knowledge.usage', {
            bases: usage.bases,
            maxBases: limits.max_bases,
            bytes: formatBytes(usage.bytes),
            maxBytes: formatBytes(limits.max_total_bytes),
          })}
        </span>
        {limits.vip ? <span className="lx-kb-usage__vip">{t('knowledge.vipBadge')}</span> : null}
      </div>
      <ProgressBar
        percent={Math.round(ratio * 100)}
        className={`lx-kb-usage__bar${near ? ' lx-kb-usage__bar--near' : ''}`}
      />
      {near && !limits.vip ? (
        <button type="button" className="lx-kb-usage__hint" onClick={onVip} data-testid="knowledge-vip-hint">
          <span>{t(ratio >= 1 ? 'knowledge.vipHintFull' : 'knowledge.vipHint')}</span>
          <span className="lx-kb-usage__go">
            {t('knowledge.goVip')}
            <RightOutline />
          </span>
        </button>
      ) : null}
    </section>
  );
}
