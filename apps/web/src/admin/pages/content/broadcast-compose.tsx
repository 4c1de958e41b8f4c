import { SendOutlined } from '@ant-design/icons';
import { App, Button, Card, Col, Form, Input, Row, Typography } from 'antd';
import { NoticePreview, PhoneFrame } from './previews';
import { TranslationsField } from '../../ui/translations-field';
import { useSendBroadcast, type BroadcastInput } from './content-api';
import { useTranslation } from 'react-i18next';

const TITLE_MAX = 60;
const BODY_MAX = 2000;
/** What the server takes as a link (modules/notices): a path of the app, or a web address. */
const LINK = /^(\/(?!\/)|https?:\/\/)\S+$/;

/**
 * Writing a broadcast: title, text and an optional link, counted as the server counts them, with the app's card
 * beside it as users will see it; sending asks first, since everyone gets it and it cannot be taken back.
 */
export function BroadcastCompose() {
  const { t } = useTranslation();
  const [form] = Form.useForm<BroadcastInput>();
  const { modal } = App.useApp();
  const send = useSendBroadcast();
  const title = Form.useWatch('title', form) ?? '';
  const body = Form.useWatch('body', form) ?? '';
  const link = Form.useWatch('link', form) ?? '';

  const submit = (values: BroadcastInput) =>
    modal.confirm({
      title: t('content.broadcasts.confirmTitle'),
      content: t('content.broadcasts.confirmBody'),
      okText: t('content.broadcasts.confirmOk'),
      cancelText: t('content.broadcasts.confirmCancel'),
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
    <Card title={t('content.broadcasts.compose')} style={{ marginBottom: 16 }}>
      <Row gutter={32}>
        <Col xs={24} xl={14}>
          <Form form={form} layout="vertical" onFinish={submit}>
            <Form.Item
              name="title"
              label={t('content.broadcasts.titleLabel')}
              rules={[{ required: true, whitespace: true, message: t('content.broadcasts.titleRequired') }]}
            >
              <Input placeholder={t('content.broadcasts.titlePlaceholder')} maxLength={TITLE_MAX} showCount />
            </Form.Item>
            <Form.Item
              name="body"
              label={t('content.broadcasts.body')}
              rules={[{ required: true, whitespace: true, message: t('content.broadcasts.bodyRequired') }]}
            >
              <Input.TextArea
                placeholder={t('content.broadcasts.bodyPlaceholder')}
                autoSize={{ minRows: 6, maxRows: 14 }}
                maxLength={BODY_MAX}
                showCount
              />
            </Form.Item>
            <Form.Item
              name="link"
              label={t('content.broadcasts.link')}
              extra={t('content.broadcasts.linkHelp')}
              rules={[
                {
                  validator: (_, v?: string) =>
                    !v?.trim() || LINK.test(v.trim())
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('content.broadcasts.linkInvalid'))),
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
                {t('content.broadcasts.send')}
              </Button>
              <Typography.Text type="secondary" style={{ marginLeft: 12 }}>
                {t('content.broadcasts.sendNote')}
              </Typography.Text>
            </Form.Item>
          </Form>
        </Col>
        <Col xs={24} xl={10}>
          <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
            {t('content.common.previewInApp')}
          </Typography.Text>
          <PhoneFrame title={t('content.broadcasts.previewBar')}>
            <NoticePreview
              title={title.trim() || t('content.broadcasts.previewTitle')}
              body={body.trim() || t('content.broadcasts.previewBody')}
              link={LINK.test(link.trim()) ? link : undefined}
              time={t('content.broadcasts.justNow')}
              muted={!title.trim() && !body.trim()}
            />
            <NoticePreview
              title={t('content.broadcasts.earlierTitle')}
              body={t('content.broadcasts.earlierBody')}
              time={t('content.broadcasts.yesterday')}
              unread={false}
              muted
            />
          </PhoneFrame>
        </Col>
      </Row>
    </Card>
  );
}
