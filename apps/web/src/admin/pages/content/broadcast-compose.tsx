import { SendOutlined } from '@ant-design/icons';
import { App, Button, Card, Col, Form, Input, Row, Typography } from 'antd';
import { NoticePreview, PhoneFrame } from './previews';
import { TranslationsField } from '../../ui/translations-field';
import { useSendBroadcast, type BroadcastInput } from './content-api';

const TITLE_MAX = 60;
const BODY_MAX = 2000;
/** What the server takes as a link (modules/notices): a path of the app, or a web address. */
const LINK = /^(\/(?!\/)|https?:\/\/)\S+$/;

/**
 * Writing a broadcast: title, text and an optional link, counted as the server counts them, with the app's card
 * beside it as users will see it; sending asks first, since everyone gets it and it cannot be taken back.
 */
export function BroadcastCompose() {
  const [form] = Form.useForm<BroadcastInput>();
  const { modal } = App.useApp();
  const send = useSendBroadcast();
  const title = Form.useWatch('title', form) ?? '';
  const body = Form.useWatch('body', form) ?? '';
  const link = Form.useWatch('link', form) ?? '';

  const submit = (values: BroadcastInput) =>
    modal.confirm({
      title: '发送给所有用户？',
      content: '这条系统消息对所有用户可见（发送时已注册的用户都会收到），发送后无法撤回或修改。',
      okText: '确认发送',
      cancelText: '再想想',
      onOk: async () => {
        await send.mutateAsync({
          title: values.title.trim(),
          body: values.body.trim(),
          link: values.link?.trim() || undefined,
          translations: values.translations,
        });
        form.resetFields();
      },
    });

  return (
    <Card title="发布系统消息" style={{ marginBottom: 16 }}>
      <Row gutter={32}>
        <Col xs={24} xl={14}>
          <Form form={form} layout="vertical" onFinish={submit}>
            <Form.Item
              name="title"
              label="标题"
              rules={[{ required: true, whitespace: true, message: '请填写标题' }]}
            >
              <Input placeholder="如：系统维护通知" maxLength={TITLE_MAX} showCount />
            </Form.Item>
            <Form.Item
              name="body"
              label="内容"
              rules={[{ required: true, whitespace: true, message: '请填写内容' }]}
            >
              <Input.TextArea
                placeholder="用户在「消息 → 系统消息」中看到的完整内容"
                autoSize={{ minRows: 6, maxRows: 14 }}
                maxLength={BODY_MAX}
                showCount
              />
            </Form.Item>
            <Form.Item
              name="link"
              label="跳转链接"
              extra="选填。站内路径（如 /post、/user/vip）或 http(s) 网址；填写后卡片显示「查看详情」。"
              rules={[
                {
                  validator: (_, v?: string) =>
                    !v?.trim() || LINK.test(v.trim())
                      ? Promise.resolve()
                      : Promise.reject(new Error('链接应为站内路径（/开头）或http(s)网址')),
                },
              ]}
            >
              <Input placeholder="/post" maxLength={500} allowClear />
            </Form.Item>
            <Form.Item name="translations" noStyle>
              <TranslationsField
                fields={[
                  { name: 'title', max: 60 },
                  { name: 'body', max: 2000, rows: 3 },
                ]}
              />
            </Form.Item>
            <Form.Item style={{ marginBottom: 0 }}>
              <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={send.isPending}>
                发送给所有用户
              </Button>
              <Typography.Text type="secondary" style={{ marginLeft: 12 }}>
                只存一份，发送时已注册的用户均可见
              </Typography.Text>
            </Form.Item>
          </Form>
        </Col>
        <Col xs={24} xl={10}>
          <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
            预览（App 中的样子）
          </Typography.Text>
          <PhoneFrame title="系统消息">
            <NoticePreview
              title={title.trim() || '消息标题'}
              body={body.trim() || '消息内容会显示在这里'}
              link={LINK.test(link.trim()) ? link : undefined}
              time="刚刚"
              muted={!title.trim() && !body.trim()}
            />
            <NoticePreview
              title="更早的系统消息"
              body="用户的消息列表中，新消息排在最前面。"
              time="昨天"
              unread={false}
              muted
            />
          </PhoneFrame>
        </Col>
      </Row>
    </Card>
  );
}
