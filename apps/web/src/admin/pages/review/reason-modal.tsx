import { Form, Input, Modal, Radio, Typography } from 'antd';
import { useState } from 'react';
import { REASON_MAX, REASONS, reasonText, type ReasonKind } from './reasons';

type Values = { preset: string; detail?: string };

/**
 * Asks why something is turned down: a preset reason, or the operator's own words (required for 其他, optional
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
  const [preset, setPreset] = useState<string>(REASONS[kind][0]);
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
      cancelText="取消"
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
        <Form.Item name="preset" label="原因" rules={[{ required: true, message: '请选择原因' }]}>
          <Radio.Group
            onChange={(e) => setPreset(e.target.value as string)}
            options={REASONS[kind].map((r) => ({ label: r, value: r }))}
            optionType="button"
          />
        </Form.Item>
        <Form.Item
          name="detail"
          label={preset === '其他' ? '说明' : '补充说明（选填）'}
          rules={[
            { required: preset === '其他', whitespace: true, message: '请填写原因' },
            {
              validator: (_r, value: string | undefined) =>
                reasonText(preset, value ?? '').length > REASON_MAX
                  ? Promise.reject(new Error(`原因最多${REASON_MAX}个字`))
                  : Promise.resolve(),
            },
          ]}
          extra="作者会在消息中心看到这个原因"
        >
          <Input.TextArea rows={3} maxLength={REASON_MAX} showCount placeholder="写给作者看的说明" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
