import { Form, Input, Modal, Radio, Typography } from 'antd';
import { useState } from 'react';
import { REASON_MAX, reasonLabel, REASONS, reasonText, type ReasonCode, type ReasonKind } from './reasons';
import { useTranslation } from 'react-i18next';

type Values = { preset: ReasonCode; detail?: string };

/**
 * Asks why something is turned down: a preset reason, or the operator's own words (required for `other`, optional
 * otherwise). `onOk` gets the text the author will read.
 */
export function ReasonModal({
  kind,
  title,
  okText,
  subject,
  open,
  onCancel,
  onOk,
}: {
  kind: ReasonKind;
  title: string;
  okText: string;
  subject?: string;
  open: boolean;
  onCancel: () => void;
  onOk: (reason: string) => void;
}) {
  const [form] = Form.useForm<Values>();
  const { t } = useTranslation();
  const [preset, setPreset] = useState<ReasonCode>(REASONS[kind][0]);
  const submit = async () => {
    const v = await form.validateFields();
    onOk(reasonText(v.preset, v.detail ?? ''));
    form.resetFields();
    setPreset(REASONS[kind][0]);
  };
  return (
    <Modal
      title={title}
      open={open}
      okText={okText}
      cancelText={t('common.cancel')}
      width={600}
      okButtonProps={{ danger: true }}
      onCancel={onCancel}
      onOk={() => void submit().catch(() => undefined)}
      destroyOnHidden
    >
      {subject ? (
        <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }}>
          {subject}
        </Typography.Paragraph>
      ) : null}
      <Form form={form} layout="vertical" initialValues={{ preset: REASONS[kind][0] }} preserve={false}>
        <Form.Item
          name="preset"
          label={t('review.modal.reason')}
          rules={[{ required: true, message: t('review.modal.pickReason') }]}
        >
          <Radio.Group
            onChange={(e) => setPreset(e.target.value as ReasonCode)}
            options={REASONS[kind].map((r) => ({ label: reasonLabel(r), value: r }))}
            optionType="button"
          />
        </Form.Item>
        <Form.Item
          name="detail"
          label={preset === 'other' ? t('review.modal.explain') : t('review.modal.more')}
          rules={[
            { required: preset === 'other', whitespace: true, message: t('review.modal.required') },
            {
              validator: (_r, value: string | undefined) =>
                reasonText(preset, value ?? '').length > REASON_MAX
                  ? Promise.reject(new Error(t('review.modal.max', { max: REASON_MAX })))
                  : Promise.resolve(),
            },
          ]}
          extra={t('review.modal.authorSees')}
        >
          <Input.TextArea
            rows={3}
            maxLength={REASON_MAX}
            showCount
            placeholder={t('review.modal.placeholder')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
