import { createRedeemBatchBody, type AdminRedeemBatch } from '@lingxi/contract';
import { DownloadOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, Input, InputNumber, Modal, Radio, Result } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../lib/format';
import { contractRule, quietly } from '../forms';
import { downloadCodes, useCreateBatch } from './api';
import { faceValue } from './batch-labels';

type Values = { kind: 'chips' | 'vip_days'; value: number; quantity: number; expires: Dayjs; note: string };

const fields = createRedeemBatchBody.shape;

/**
 * Makes a batch (docs/money.md, Redeem codes): kind, face value, how many (≤ 10,000), expiry, name; then offers
 * its CSV at once, since the codes are what the operator came for.
 */
export function CreateBatchModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const create = useCreateBatch();
  const [made, setMade] = useState<AdminRedeemBatch | null>(null);
  const [downloading, setDownloading] = useState(false);
  const kind = Form.useWatch('kind', form) ?? 'chips';

  const close = () => {
    setMade(null);
    create.reset();
    onClose();
  };
  const submit = async () => {
    const v = await form.validateFields();
    const batch = await create.mutateAsync({
      kind: v.kind,
      value: v.value,
      quantity: v.quantity,
      expires_at: v.expires.endOf('minute').toISOString(),
      note: v.note?.trim() ?? '',
    });
    setMade(batch);
  };
  const download = async () => {
    setDownloading(true);
    try {
      await downloadCodes(made!);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Modal
      title={made ? t('redeem.modal.made') : t('redeem.create')}
      open={open}
      width={520}
      onCancel={close}
      destroyOnHidden
      footer={
        made
          ? [
              <Button key="done" onClick={close}>
                {t('redeem.modal.done')}
              </Button>,
              <Button
                key="csv"
                type="primary"
                icon={<DownloadOutlined />}
                loading={downloading}
                onClick={() => void download()}
              >
                {t('redeem.modal.download')}
              </Button>,
            ]
          : [
              <Button key="cancel" onClick={close}>
                {t('common.cancel')}
              </Button>,
              <Button key="ok" type="primary" loading={create.isPending} onClick={quietly(submit)}>
                {t('redeem.modal.make')}
              </Button>,
            ]
      }
    >
      {made ? (
        <Result
          status="success"
          title={t('redeem.modal.madeTitle', { count: made.quantity, value: formatCount(made.quantity) })}
          subTitle={t(made.note ? 'redeem.modal.madeTextNamed' : 'redeem.modal.madeText', {
            id: made.id,
            note: made.note,
            face: faceValue(t, made),
            time: dayjs(made.expires_at).format('YYYY-MM-DD HH:mm'),
          })}
        />
      ) : (
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ kind: 'chips', quantity: 100, expires: dayjs().add(30, 'day').endOf('day') }}
        >
          <Form.Item name="note" label={t('redeem.col.note')} rules={[contractRule(fields.note)]}>
            <Input maxLength={200} placeholder={t('redeem.modal.notePlaceholder')} />
          </Form.Item>
          <Form.Item name="kind" label={t('orders.kindPlaceholder')}>
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              options={[
                { value: 'chips', label: t('orders.kind.chips') },
                { value: 'vip_days', label: t('redeem.vipDays') },
              ]}
            />
          </Form.Item>
          <Form.Item name="value" label={t('redeem.modal.value')} rules={[contractRule(fields.value)]}>
            <InputNumber
              min={1}
              max={1_000_000}
              precision={0}
              style={{ width: '100%' }}
              addonAfter={kind === 'chips' ? t('plans.unit.chips') : t('plans.unit.days')}
            />
          </Form.Item>
          <Form.Item
            name="quantity"
            label={t('redeem.modal.quantity')}
            extra={t('redeem.modal.quantityHelp', { max: formatCount(10_000) })}
            rules={[contractRule(fields.quantity)]}
          >
            <InputNumber
              min={1}
              max={10_000}
              precision={0}
              style={{ width: '100%' }}
              addonAfter={t('redeem.modal.quantityUnit')}
            />
          </Form.Item>
          <Form.Item
            name="expires"
            label={t('redeem.col.expires')}
            rules={[
              { required: true, message: t('redeem.modal.expiresRequired') },
              {
                validator: async (_, v?: Dayjs) => {
                  if (v && !v.isAfter(dayjs())) throw new Error(t('redeem.modal.expiresFuture'));
                },
              },
            ]}
          >
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              style={{ width: '100%' }}
              disabledDate={(d) => d.isBefore(dayjs(), 'day')}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
