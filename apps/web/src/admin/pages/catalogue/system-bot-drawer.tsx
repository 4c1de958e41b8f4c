import {
  BOT_GREETING_MAX,
  BOT_INTRO_MAX,
  BOT_NAME_MAX,
  BOT_PERSONA_MAX,
  BOT_QUESTION_MAX,
  BOT_QUESTIONS_MAX,
  BOT_TAGS_MAX,
  type AdminCategory,
  type ModelList,
  type SystemBot,
  type SystemBotBody,
} from '@lingxi/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Avatar,
  Button,
  Col,
  Drawer,
  Form,
  Input,
  Row,
  Select,
  Slider,
  Space,
  Switch,
  Typography,
} from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { imageUrl } from '../../../lib/image-url';
import { request } from '../../../lib/request';
import { consoleKeys } from '../../lib/console-keys';
import { TranslationsField, type TranslatedFieldSpec } from '../../ui/translations-field';

const DEFAULT_MODEL = '';

/** What users read of a system bot, translated beside the source (docs/i18n.md, Data the platform owns). */
const BOT_TRANSLATED: TranslatedFieldSpec[] = [
  { name: 'name', max: BOT_NAME_MAX },
  { name: 'intro', max: BOT_INTRO_MAX, rows: 2 },
  { name: 'greeting', max: BOT_GREETING_MAX, rows: 2 },
  { name: 'questions', list: true },
  { name: 'tags', list: true },
];

/** The form of a system bot: the creators' fields and limits, plus whether home features it. */
export function SystemBotDrawer({
  bot,
  categories,
  saving,
  onClose,
  onSave,
}: {
  bot: SystemBot | null;
  categories?: AdminCategory[];
  saving: boolean;
  onClose: () => void;
  onSave: (body: SystemBotBody) => void;
}) {
  const [form] = Form.useForm<SystemBotBody & { model: string }>();
  const { t } = useTranslation();
  const models = useQuery({
    queryKey: consoleKeys.of('catalogue', 'models'),
    queryFn: () => request.get<ModelList>('/api/v1/model'),
    staleTime: 60_000,
  });
  useEffect(() => {
    if (bot) form.setFieldsValue({ ...bot, model: bot.model_id ?? DEFAULT_MODEL });
  }, [bot, form]);
  const avatar = Form.useWatch('avatar', form);
  const submit = async () => {
    const { model, ...v } = await form.validateFields();
    onSave({ ...v, model_id: model || null });
  };
  return (
    <Drawer
      title={bot ? t('catalogue.drawer.title', { name: bot.name }) : ''}
      open={bot !== null}
      onClose={onClose}
      width={680}
      forceRender
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => void submit().catch(() => undefined)}>
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical">
        <Space align="start" size={16} style={{ width: '100%' }}>
          <Avatar src={imageUrl(avatar, 64)} size={64} shape="square" style={{ borderRadius: 14 }}>
            {bot?.name.slice(0, 1)}
          </Avatar>
          <div style={{ flex: 1, minWidth: 420 }}>
            <Form.Item
              name="name"
              label={t('catalogue.col.name')}
              extra={bot?.is_assistant ? t('catalogue.drawer.assistantName') : undefined}
              rules={[{ required: true, whitespace: true, message: t('catalogue.drawer.nameRequired') }]}
            >
              <Input maxLength={BOT_NAME_MAX} showCount disabled={bot?.is_assistant} />
            </Form.Item>
            <Form.Item
              name="avatar"
              label={t('catalogue.drawer.avatar')}
              rules={[
                { required: true, message: t('catalogue.drawer.avatarRequired') },
                {
                  pattern: /^(\/media\/|https?:\/\/)[^\s<>"']+$/,
                  message: t('catalogue.drawer.avatarPattern'),
                },
              ]}
            >
              <Input maxLength={500} />
            </Form.Item>
          </div>
        </Space>
        <Form.Item name="intro" label={t('catalogue.drawer.intro')}>
          <Input.TextArea rows={2} maxLength={BOT_INTRO_MAX} showCount />
        </Form.Item>
        <Row gutter={16}>
          <Col span={7}>
            <Form.Item
              name="category"
              label={t('catalogue.col.category')}
              rules={[{ required: true, message: t('catalogue.drawer.categoryRequired') }]}
            >
              <Select options={categories?.map((c) => ({ value: c.id, label: c.name }))} />
            </Form.Item>
          </Col>
          <Col span={10}>
            <Form.Item name="model" label={t('catalogue.col.model')}>
              <Select
                loading={models.isPending}
                options={[
                  { value: DEFAULT_MODEL, label: t('catalogue.drawer.defaultModel') },
                  ...(models.data?.list ?? []).map((m) => ({ value: m.id, label: m.name })),
                ]}
              />
            </Form.Item>
          </Col>
          <Col span={7}>
            <Form.Item name="temperature" label={t('catalogue.drawer.temperature')}>
              <Slider min={0} max={1.5} step={0.1} marks={{ 0: '0', 0.7: '0.7', 1.5: '1.5' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="tags"
          label={t('catalogue.drawer.tags')}
          rules={[
            {
              type: 'array',
              max: BOT_TAGS_MAX,
              message: t('catalogue.drawer.tagsMax', { max: BOT_TAGS_MAX }),
            },
          ]}
        >
          <Select
            mode="tags"
            tokenSeparators={[',', '\uff0c']}
            maxTagTextLength={10}
            open={false}
            suffixIcon={null}
          />
        </Form.Item>
        <Form.Item
          name="persona"
          label={t('catalogue.drawer.persona')}
          extra={t('catalogue.drawer.personaHelp')}
          rules={[
            { required: true, whitespace: true, message: t('catalogue.drawer.personaRequired') },
            { min: 10, message: t('catalogue.drawer.personaMin', { min: 10 }) },
          ]}
        >
          <Input.TextArea rows={8} maxLength={BOT_PERSONA_MAX} showCount />
        </Form.Item>
        <Form.Item name="greeting" label={t('catalogue.drawer.greeting')}>
          <Input.TextArea rows={2} maxLength={BOT_GREETING_MAX} showCount />
        </Form.Item>
        <Form.List name="questions">
          {(fields, { add, remove }) => (
            <Form.Item label={t('catalogue.drawer.questions', { max: BOT_QUESTIONS_MAX })}>
              <Space direction="vertical" style={{ width: '100%' }}>
                {fields.map((field) => (
                  <Space key={field.key} style={{ width: '100%' }}>
                    <Form.Item
                      {...field}
                      noStyle
                      rules={[
                        { required: true, whitespace: true, message: t('catalogue.drawer.questionRequired') },
                      ]}
                    >
                      <Input maxLength={BOT_QUESTION_MAX} style={{ width: 460 }} />
                    </Form.Item>
                    <Button type="link" danger onClick={() => remove(field.name)}>
                      {t('common.delete')}
                    </Button>
                  </Space>
                ))}
                {fields.length < BOT_QUESTIONS_MAX ? (
                  <Button type="dashed" onClick={() => add('')}>
                    {t('catalogue.drawer.addQuestion')}
                  </Button>
                ) : null}
              </Space>
            </Form.Item>
          )}
        </Form.List>
        <Form.Item name="translations" noStyle>
          <TranslationsField fields={BOT_TRANSLATED} />
        </Form.Item>
        {bot?.is_assistant ? (
          <Typography.Text type="secondary">{t('catalogue.drawer.assistantNote')}</Typography.Text>
        ) : (
          <Form.Item
            name="featured"
            label={t('catalogue.tabs.home')}
            valuePropName="checked"
            extra={t('catalogue.drawer.featuredHelp')}
          >
            <Switch />
          </Form.Item>
        )}
      </Form>
    </Drawer>
  );
}
