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
      title={bot ? `编辑官方智能体「${bot.name}」` : ''}
      open={bot !== null}
      onClose={onClose}
      width={680}
      forceRender
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={saving} onClick={() => void submit().catch(() => undefined)}>
            保存
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
              label="名称"
              extra={bot?.is_assistant ? '首页助手的名称随「系统设置 → 助手名称」' : undefined}
              rules={[{ required: true, whitespace: true, message: '请填写名称' }]}
            >
              <Input maxLength={BOT_NAME_MAX} showCount disabled={bot?.is_assistant} />
            </Form.Item>
            <Form.Item
              name="avatar"
              label="头像地址"
              rules={[
                { required: true, message: '请设置头像' },
                {
                  pattern: /^(\/media\/|https?:\/\/)[^\s<>"']+$/,
                  message: '以 /media/ 或 https:// 开头的图片地址',
                },
              ]}
            >
              <Input maxLength={500} />
            </Form.Item>
          </div>
        </Space>
        <Form.Item name="intro" label="简介">
          <Input.TextArea rows={2} maxLength={BOT_INTRO_MAX} showCount />
        </Form.Item>
        <Row gutter={16}>
          <Col span={7}>
            <Form.Item name="category" label="分类" rules={[{ required: true, message: '请选择分类' }]}>
              <Select options={categories?.map((c) => ({ value: c.id, label: c.name }))} />
            </Form.Item>
          </Col>
          <Col span={10}>
            <Form.Item name="model" label="模型">
              <Select
                loading={models.isPending}
                options={[
                  { value: DEFAULT_MODEL, label: '平台默认模型' },
                  ...(models.data?.list ?? []).map((m) => ({ value: m.id, label: m.name })),
                ]}
              />
            </Form.Item>
          </Col>
          <Col span={7}>
            <Form.Item name="temperature" label="温度">
              <Slider min={0} max={1.5} step={0.1} marks={{ 0: '0', 0.7: '0.7', 1.5: '1.5' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="tags"
          label="标签"
          rules={[{ type: 'array', max: BOT_TAGS_MAX, message: `最多${BOT_TAGS_MAX}个标签` }]}
        >
          <Select
            mode="tags"
            tokenSeparators={[',', '，']}
            maxTagTextLength={10}
            open={false}
            suffixIcon={null}
          />
        </Form.Item>
        <Form.Item
          name="persona"
          label="角色设定"
          extra="发给模型的系统提示词，用户看不到"
          rules={[
            { required: true, whitespace: true, message: '请填写角色设定' },
            { min: 10, message: '角色设定至少10个字' },
          ]}
        >
          <Input.TextArea rows={8} maxLength={BOT_PERSONA_MAX} showCount />
        </Form.Item>
        <Form.Item name="greeting" label="开场白">
          <Input.TextArea rows={2} maxLength={BOT_GREETING_MAX} showCount />
        </Form.Item>
        <Form.List name="questions">
          {(fields, { add, remove }) => (
            <Form.Item label={`推荐问题（最多${BOT_QUESTIONS_MAX}个）`}>
              <Space direction="vertical" style={{ width: '100%' }}>
                {fields.map((field) => (
                  <Space key={field.key} style={{ width: '100%' }}>
                    <Form.Item
                      {...field}
                      noStyle
                      rules={[{ required: true, whitespace: true, message: '推荐问题不能为空' }]}
                    >
                      <Input maxLength={BOT_QUESTION_MAX} style={{ width: 460 }} />
                    </Form.Item>
                    <Button type="link" danger onClick={() => remove(field.name)}>
                      删除
                    </Button>
                  </Space>
                ))}
                {fields.length < BOT_QUESTIONS_MAX ? (
                  <Button type="dashed" onClick={() => add('')}>
                    添加推荐问题
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
          <Typography.Text type="secondary">首页助手单独展示在首页顶部，不参与推荐。</Typography.Text>
        ) : (
          <Form.Item
            name="featured"
            label="首页推荐"
            valuePropName="checked"
            extra="打开后排在首页推荐的最后"
          >
            <Switch />
          </Form.Item>
        )}
      </Form>
    </Drawer>
  );
}
