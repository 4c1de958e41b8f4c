import type { AdminTopic } from '@lingxi/contract';
import { App, Form, Input, InputNumber, Modal, Switch } from 'antd';
import { useSaveTopic, type TopicInput } from './content-api';
import { useTranslation } from 'react-i18next';

type Values = { name: string; sort: number; enabled: boolean };

/** Creating a topic, or editing one (`topic`): its name, its place in the list, whether users can pick it. */
export function TopicFormModal({
  open,
  topic,
  nextSort,
  onClose,
}: {
  open: boolean;
  topic: AdminTopic | null;
  nextSort: number;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useSaveTopic();

  const submit = async (values: Values) => {
    const body: TopicInput = { name: values.name.trim(), sort: values.sort, enabled: values.enabled };
    await save.mutateAsync({ ...body, id: topic?.id });
    void message.success(topic ? t('content.topics.saved') : t('content.topics.created'));
    onClose();
  };

  return (
    <Modal
      open={open}
      title={topic ? t('content.topics.editTitle', { name: topic.name }) : t('content.topics.new')}
      okText={topic ? t('common.save') : t('content.topics.createOk')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      afterOpenChange={(visible) => {
        if (visible) form.resetFields();
      }}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={(v) => void submit(v).catch(() => undefined)}
        initialValues={topic ?? { name: '', sort: nextSort, enabled: true }}
        preserve={false}
      >
        <Form.Item
          name="name"
          label={t('content.topics.name')}
          extra={t('content.topics.nameHelp')}
          rules={[
            { required: true, whitespace: true, message: t('content.topics.nameRequired') },
            { max: 20, message: t('content.topics.nameMax') },
            { pattern: /^[^#\s]*$/, message: t('content.topics.namePattern') },
          ]}
        >
          <Input placeholder={t('content.topics.namePlaceholder')} maxLength={20} showCount />
        </Form.Item>
        <Form.Item
          name="sort"
          label={t('content.topics.order')}
          extra={t('content.topics.orderHelp')}
          rules={[{ required: true, message: t('content.topics.orderRequired') }]}
        >
          <InputNumber min={0} max={100000} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item
          name="enabled"
          label={t('content.topics.enable')}
          valuePropName="checked"
          extra={t('content.topics.enabledHelp')}
        >
          <Switch
            checkedChildren={t('content.topics.enable')}
            unCheckedChildren={t('content.topics.disable')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
