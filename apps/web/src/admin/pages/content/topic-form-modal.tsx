import type { AdminTopic } from '@lingxi/contract';
import { App, Form, Input, InputNumber, Modal, Switch } from 'antd';
import { useSaveTopic, type TopicInput } from './content-api';

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
  const { message } = App.useApp();
  const save = useSaveTopic();

  const submit = async (values: Values) => {
    const body: TopicInput = { name: values.name.trim(), sort: values.sort, enabled: values.enabled };
    await save.mutateAsync({ ...body, id: topic?.id });
    void message.success(topic ? '话题已保存' : '话题已创建');
    onClose();
  };

  return (
    <Modal
      open={open}
      title={topic ? `编辑话题 #${topic.name}` : '新建话题'}
      okText={topic ? '保存' : '创建'}
      cancelText="取消"
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
          label="话题名称"
          extra="用户发帖时选择，显示为 #话题名称；不能包含 # 或空格，最多 20 个字。"
          rules={[
            { required: true, whitespace: true, message: '请填写话题名称' },
            { max: 20, message: '话题名称最多20个字' },
            { pattern: /^[^#\s]*$/, message: '话题名称不能包含#或空格' },
          ]}
        >
          <Input placeholder="如：效率办公" maxLength={20} showCount />
        </Form.Item>
        <Form.Item
          name="sort"
          label="排序"
          extra="数字小的排在前面。"
          rules={[{ required: true, message: '请填写排序' }]}
        >
          <InputNumber min={0} max={100000} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item
          name="enabled"
          label="启用"
          valuePropName="checked"
          extra="停用后用户发帖时不能再选，已有帖子仍显示该话题。"
        >
          <Switch checkedChildren="启用" unCheckedChildren="停用" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
