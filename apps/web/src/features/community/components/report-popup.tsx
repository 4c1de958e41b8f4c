import {
  countGraphemes,
  REPORT_DETAIL_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
} from '@lingxi/contract';
import { Button, Popup, Selector, TextArea, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SheetHeader } from '../../../components/sheet-header';
import { useReportPost } from '../api/report-post';
import './report-popup.css';

interface ReportPopupProps {
  postId: number;
  visible: boolean;
  onClose: () => void;
}

/** 举报: a reason from the list, a word more if the user wants, then 已举报. */
export function ReportPopup({ postId, visible, onClose }: ReportPopupProps) {
  const { t } = useTranslation();
  const report = useReportPost();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [detail, setDetail] = useState('');
  // Characters as users see them, the way the server counts (an emoji is one).
  const length = countGraphemes(detail.trim());
  const over = length > REPORT_DETAIL_MAX;

  const submit = () => {
    if (!reason || over) return;
    report.mutate(
      { postId, body: { reason, detail: detail.trim() } },
      {
        onSuccess: () => {
          Toast.show({ icon: 'success', content: t('community.reported') });
          setReason(null);
          setDetail('');
          onClose();
        },
      },
    );
  };

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="lx-report-popup">
      <div className="lx-report" data-testid="report-popup">
        <SheetHeader title={t('community.reportTitle')} onClose={onClose} />
        <div className="lx-report__body">
          <div className="lx-report__label">{t('community.reportReason')}</div>
          <Selector
            columns={2}
            value={reason ? [reason] : []}
            onChange={(values) => setReason(values[0] ?? null)}
            options={REPORT_REASONS.map((value) => ({
              value,
              label: t(`community.reasons.${value}`, { defaultValue: REPORT_REASON_LABELS[value] }),
            }))}
          />
          <div className="lx-report__label">{t('community.reportDetail')}</div>
          <div className="lx-report__detail">
            <TextArea
              value={detail}
              onChange={setDetail}
              placeholder={t('community.reportDetailPlaceholder')}
              rows={3}
            />
            <div
              className={`lx-report__count${over ? ' lx-report__count--over' : ''}`}
              data-testid="report-count"
            >
              {length}/{REPORT_DETAIL_MAX}
            </div>
          </div>
          <Button
            block
            color="primary"
            shape="rounded"
            className="lx-report__submit"
            disabled={!reason || over}
            loading={report.isPending}
            onClick={submit}
          >
            {t('community.reportSubmit')}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
