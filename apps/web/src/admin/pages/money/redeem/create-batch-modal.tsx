import { createRedeemBatchBody, type AdminRedeemBatch } from '@lingxi/contract';
import { DownloadOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, Input, InputNumber, Modal, Radio, Result } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { formatCount } from '../../../lib/format';
import { contractRule, quietly } from '../forms';
import { downloadCodes, useCreateBatch } from './api';

type Values = { kind: 'chips' | 'vip_days'; value: number; quantity: number; expires: Dayjs; note: string };

const fields = createRedeemBatchBody.shape;

/**
 * Makes a batch (docs/money.md, Redeem codes): kind, face value, how many (≤ 10,000), expiry, name; then offers
 * its CSV at once, since the codes are what the operator came for.
 */
export function CreateBatchModal({ open, onClose }: { open: boolean; onClose: () => void }) {
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
      title={made ? '兑换码已生成' : '生成兑换码'}
      open={open}
      width={520}
      onCancel={close}
      destroyOnHidden
      footer={
        made
          ? [
              <Button key="done" onClick={close}>
                完成
              </Button>,
              <Button
                key="csv"
                type="primary"
                icon={<DownloadOutlined />}
                loading={downloading}
                onClick={() => void download()}
              >
                下载 CSV
              </Button>,
            ]
          : [
              <Button key="cancel" onClick={close}>
                取消
              </Button>,
              <Button key="ok" type="primary" loading={create.isPending} onClick={quietly(submit)}>
                生成
              </Button>,
            ]
      }
    >
      {made ? (
        <Result
          status="success"
          title={`已生成 ${formatCount(made.quantity)} 个兑换码`}
          subTitle={`批次 #${made.id}${made.note ? `「${made.note}」` : ''}：每个可兑换 ${
            made.kind === 'chips' ? `${made.value} 芯片` : `${made.value} 天会员`
          }，${dayjs(made.expires_at).format('YYYY-MM-DD HH:mm')} 前有效。下载 CSV 后即可发放。`}
        />
      ) : (
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ kind: 'chips', quantity: 100, expires: dayjs().add(30, 'day').endOf('day') }}
        >
          <Form.Item name="note" label="名称 / 用途" rules={[contractRule(fields.note)]}>
            <Input maxLength={200} placeholder="例如：双十一直播间福利" />
          </Form.Item>
          <Form.Item name="kind" label="类型">
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              options={[
                { value: 'chips', label: '芯片' },
                { value: 'vip_days', label: '会员天数' },
              ]}
            />
          </Form.Item>
          <Form.Item name="value" label="面值（每个兑换码）" rules={[contractRule(fields.value)]}>
            <InputNumber
              min={1}
              max={1_000_000}
              precision={0}
              style={{ width: '100%' }}
              addonAfter={kind === 'chips' ? '芯片' : '天'}
            />
          </Form.Item>
          <Form.Item
            name="quantity"
            label="数量"
            extra="一批最多 10,000 个；同一用户每批限兑一次"
            rules={[contractRule(fields.quantity)]}
          >
            <InputNumber min={1} max={10_000} precision={0} style={{ width: '100%' }} addonAfter="个" />
          </Form.Item>
          <Form.Item
            name="expires"
            label="过期时间"
            rules={[
              { required: true, message: '请选择过期时间' },
              {
                validator: async (_, v?: Dayjs) => {
                  if (v && !v.isAfter(dayjs())) throw new Error('过期时间须晚于当前时间');
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
