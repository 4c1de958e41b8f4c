import {
  MODEL_CONTEXT_MAX,
  MODEL_CONTEXT_MIN,
  MODEL_NAME_MAX,
  MODEL_PRICE_MAX,
  type AdminModel,
} from '@lingxi/contract';
import { Alert, Button, Drawer, Form, Input, InputNumber, Radio, Space, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
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
      title={editing ? t('models.drawer.editTitle', { name: editing.name }) : t('models.add')}
      width={520}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={create.isPending || update.isPending} onClick={() => void submit()}>
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      {editing?.source === 'env' ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('models.drawer.envTitle')}
          description={t('models.drawer.envText')}
        />
      ) : null}
      <Form form={form} layout="vertical" initialValues={NEW_MODEL}>
        <Form.Item
          name="id"
          label={t('models.drawer.id')}
          tooltip={t('models.drawer.idTip')}
          rules={[{ required: true, message: t('models.drawer.idRequired') }, ruleOf('id')]}
        >
          <Input placeholder={t('models.drawer.idPlaceholder')} disabled={!!editing} maxLength={60} />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('models.drawer.name')}
          rules={[
            { required: true, whitespace: true, message: t('models.drawer.nameRequired') },
            ruleOf('name'),
          ]}
        >
          <Input placeholder={t('models.drawer.namePlaceholder')} showCount maxLength={MODEL_NAME_MAX} />
        </Form.Item>
        <Form.Item name="provider" label={t('models.drawer.provider')}>
          <Radio.Group disabled={!!editing}>
            <Radio.Button value="openai">{t('models.drawer.openai')}</Radio.Button>
            <Radio.Button value="offline">{t('models.drawer.offline')}</Radio.Button>
          </Radio.Group>
        </Form.Item>
        {offline ? null : (
          <>
            <Form.Item
              name="base_url"
              label={t('models.drawer.baseUrl')}
              rules={[
                { required: true, whitespace: true, message: t('models.drawer.baseUrlRequired') },
                ruleOf('base_url'),
              ]}
            >
              <Input placeholder="https://api.deepseek.com/v1" />
            </Form.Item>
            <Form.Item
              name="api_key"
              label="API Key"
              extra={
                editing?.api_key_set
                  ? t('models.drawer.keyCurrent', { key: editing.api_key_masked })
                  : t('models.drawer.keyMasked')
              }
              rules={[
                ...(editing?.api_key_set
                  ? []
                  : [{ required: true, whitespace: true, message: t('models.drawer.keyRequired') }]),
                ruleOf('api_key'),
              ]}
            >
              <Input.Password
                placeholder={editing?.api_key_set ? t('models.drawer.keyKeep') : 'sk-…'}
                autoComplete="new-password"
              />
            </Form.Item>
            <Form.Item
              name="upstream_model"
              label={t('models.drawer.upstream')}
              rules={[
                { required: true, whitespace: true, message: t('models.drawer.upstreamRequired') },
                ruleOf('upstream_model'),
              ]}
            >
              <Input placeholder={t('models.drawer.upstreamPlaceholder')} />
            </Form.Item>
          </>
        )}
        <Space size={16} style={{ display: 'flex' }} align="start">
          <Form.Item
            name="chip_price"
            label={t('models.col.price')}
            rules={[{ required: true, message: t('models.drawer.priceRequired') }, ruleOf('chip_price')]}
          >
            <InputNumber
              min={0}
              max={MODEL_PRICE_MAX}
              precision={0}
              addonAfter={t('models.drawer.priceUnit')}
              style={{ width: 200 }}
            />
          </Form.Item>
          <Form.Item
            name="context_window"
            label={t('models.drawer.context')}
            rules={[
              { required: true, message: t('models.drawer.contextRequired') },
              ruleOf('context_window'),
            ]}
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
            label={t('models.col.vipOnly')}
            valuePropName="checked"
            tooltip={editing?.is_default ? t('models.default.openToAll') : undefined}
          >
            <Switch disabled={editing?.is_default} />
          </Form.Item>
          <Form.Item
            name="enabled"
            label={t('models.col.enabled')}
            valuePropName="checked"
            tooltip={editing?.is_default ? t('models.default.alwaysOn') : undefined}
          >
            <Switch disabled={editing?.is_default} />
          </Form.Item>
        </Space>
      </Form>
    </Drawer>
  );
}
