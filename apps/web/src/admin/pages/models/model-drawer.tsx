import {
  MODEL_CONTEXT_MAX,
  MODEL_CONTEXT_MIN,
  MODEL_NAME_MAX,
  MODEL_PRICE_MAX,
  type AdminModel,
} from '@lingxi/contract';
import { Alert, Button, Drawer, Form, Input, InputNumber, Radio, Space, Switch } from 'antd';
import { useEffect } from 'react';
import { useCreateModel, useUpdateModel } from './models-api';
import {
  checkBody,
  createBodyOf,
  formOf,
  NEW_MODEL,
  ruleOf,
  updateBodyOf,
  type ModelFormValues,
} from './model-form';

/** `null`: closed; `'new'`: adding a model; a model: editing it. */
export type DrawerTarget = AdminModel | 'new' | null;

/** The add / edit form of a model, checked with the contract's schemas before it is sent. */
export function ModelDrawer({ target, onClose }: { target: DrawerTarget; onClose: () => void }) {
  const [form] = Form.useForm<ModelFormValues>();
  const create = useCreateModel();
  const update = useUpdateModel();
  const editing = target !== null && target !== 'new' ? target : null;
  const provider = Form.useWatch('provider', form) ?? editing?.provider ?? 'openai';

  // Every field set on each opening: the form's store outlives the drawer's content.
  useEffect(() => {
    if (target === null) return;
    form.resetFields();
    form.setFieldsValue(target === 'new' ? NEW_MODEL : formOf(target));
  }, [target, form]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    if (!editing) {
      const body = createBodyOf(values);
      if (!checkBody(form, body, true)) return;
      await create.mutateAsync(body).then(onClose, () => undefined);
      return;
    }
    const body = updateBodyOf(editing, values);
    if (!checkBody(form, body, false)) return;
    if (Object.keys(body).length === 0) return onClose();
    await update.mutateAsync({ id: editing.id, body }).then(onClose, () => undefined);
  };

  const offline = provider === 'offline';
  return (
    <Drawer
      open={target !== null}
      title={editing ? `编辑模型：${editing.name}` : '新增模型'}
      width={520}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={create.isPending || update.isPending} onClick={() => void submit()}>
            保存
          </Button>
        </Space>
      }
    >
      {editing?.source === 'env' ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message="该模型来自环境变量 LLM_MODELS"
          description="修改名称、接口、Key、价格、上下文或会员限制后，它改由后台管理，重启不再被环境变量覆盖。"
        />
      ) : null}
      <Form form={form} layout="vertical" initialValues={NEW_MODEL}>
        <Form.Item
          name="id"
          label="模型ID"
          tooltip="智能体和对话用它指向模型，创建后不能修改"
          rules={[{ required: true, message: '请填写模型ID' }, ruleOf('id')]}
        >
          <Input placeholder="例如 deepseek-chat" disabled={!!editing} maxLength={60} />
        </Form.Item>
        <Form.Item
          name="name"
          label="显示名称"
          rules={[{ required: true, whitespace: true, message: '请填写模型名称' }, ruleOf('name')]}
        >
          <Input placeholder="用户在对话页看到的名称" showCount maxLength={MODEL_NAME_MAX} />
        </Form.Item>
        <Form.Item name="provider" label="类型">
          <Radio.Group disabled={!!editing}>
            <Radio.Button value="openai">OpenAI 兼容接口</Radio.Button>
            <Radio.Button value="offline">离线模型（示例回答）</Radio.Button>
          </Radio.Group>
        </Form.Item>
        {offline ? null : (
          <>
            <Form.Item
              name="base_url"
              label="接口地址（Base URL）"
              rules={[{ required: true, whitespace: true, message: '请填写接口地址' }, ruleOf('base_url')]}
            >
              <Input placeholder="https://api.deepseek.com/v1" />
            </Form.Item>
            <Form.Item
              name="api_key"
              label="API Key"
              extra={
                editing?.api_key_set
                  ? `当前：${editing.api_key_masked}；留空则不更换`
                  : '保存后只显示首尾几位'
              }
              rules={[
                ...(editing?.api_key_set
                  ? []
                  : [{ required: true, whitespace: true, message: '请填写 API Key' }]),
                ruleOf('api_key'),
              ]}
            >
              <Input.Password
                placeholder={editing?.api_key_set ? '留空则不更换' : 'sk-…'}
                autoComplete="new-password"
              />
            </Form.Item>
            <Form.Item
              name="upstream_model"
              label="上游模型ID"
              rules={[
                { required: true, whitespace: true, message: '请填写上游模型ID' },
                ruleOf('upstream_model'),
              ]}
            >
              <Input placeholder="例如 deepseek-chat、qwen-plus" />
            </Form.Item>
          </>
        )}
        <Space size={16} style={{ display: 'flex' }} align="start">
          <Form.Item
            name="chip_price"
            label="价格"
            rules={[{ required: true, message: '请填写价格' }, ruleOf('chip_price')]}
          >
            <InputNumber
              min={0}
              max={MODEL_PRICE_MAX}
              precision={0}
              addonAfter="芯片/条"
              style={{ width: 200 }}
            />
          </Form.Item>
          <Form.Item
            name="context_window"
            label="上下文长度"
            rules={[{ required: true, message: '请填写上下文长度' }, ruleOf('context_window')]}
          >
            <InputNumber
              min={MODEL_CONTEXT_MIN}
              max={MODEL_CONTEXT_MAX}
              precision={0}
              step={1000}
              addonAfter="tokens"
              style={{ width: 220 }}
            />
          </Form.Item>
        </Space>
        <Space size={48}>
          <Form.Item
            name="vip_only"
            label="仅限会员"
            valuePropName="checked"
            tooltip={editing?.is_default ? '默认模型对所有用户开放' : undefined}
          >
            <Switch disabled={editing?.is_default} />
          </Form.Item>
          <Form.Item
            name="enabled"
            label="启用"
            valuePropName="checked"
            tooltip={editing?.is_default ? '默认模型不能停用' : undefined}
          >
            <Switch disabled={editing?.is_default} />
          </Form.Item>
        </Space>
      </Form>
    </Drawer>
  );
}
