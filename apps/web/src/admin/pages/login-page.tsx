import { LockOutlined, MobileOutlined } from '@ant-design/icons';
import { PHONE_PATTERN, SMS_CODE_LENGTH, type LoginCodeData, type LoginData } from '@lingxi/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { request } from '../../lib/request';
import { setToken } from '../../lib/session';
import { consoleKeys } from '../lib/console-keys';

type LoginForm = { phone: string; code: string };

/** Only console paths: a redirect elsewhere (another site) is ignored. */
const safeRedirect = (to: string | null) => (to && /^\/admin(\/|$|\?)/.test(to) ? to : '/admin');

/** The console's own sign-in (docs/admin.md, Access): phone and SMS code, as in the app. */
export default function LoginPage() {
  const [form] = Form.useForm<LoginForm>();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const [wait, setWait] = useState(0);
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const sendCode = async () => {
    const { phone } = await form.validateFields(['phone']);
    setSending(true);
    try {
      const data = await request.post<LoginCodeData>(`/api/v1/login/code/${encodeURIComponent(phone)}`);
      setWait(data.retry_after);
    } catch {
      // The request client showed why.
    } finally {
      setSending(false);
    }
  };

  const submit = async ({ phone, code }: LoginForm) => {
    setSubmitting(true);
    try {
      const data = await request.post<LoginData>('/api/v1/phone/login', { data: { phone, code } });
      setToken(data.token);
      queryClient.setQueryData(consoleKeys.operator, data.user_info);
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch {
      // The request client showed why.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="console-center">
      <Card
        style={{ width: 400, boxShadow: '0 12px 40px rgba(40, 44, 90, 0.08)' }}
        styles={{ body: { padding: 36 } }}
      >
        <Space direction="vertical" size={4} style={{ width: '100%', marginBottom: 28, textAlign: 'center' }}>
          <img src="/favicon.svg" alt="" width={48} height={48} />
          <Typography.Title level={3} style={{ margin: '8px 0 0' }}>
            {t('shell.brand')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('login.lead')}</Typography.Text>
        </Space>
        <Form form={form} layout="vertical" size="large" onFinish={submit} requiredMark={false}>
          <Form.Item
            name="phone"
            rules={[
              { required: true, message: t('login.phoneRequired') },
              { pattern: PHONE_PATTERN, message: t('login.phoneInvalid') },
            ]}
          >
            <Input
              prefix={<MobileOutlined />}
              placeholder={t('login.phone')}
              maxLength={11}
              autoComplete="tel"
            />
          </Form.Item>
          <Form.Item>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item
                name="code"
                noStyle
                rules={[
                  { required: true, message: t('login.codeRequired') },
                  {
                    pattern: new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`),
                    message: t('login.codeInvalid', { count: SMS_CODE_LENGTH }),
                  },
                ]}
              >
                <Input
                  prefix={<LockOutlined />}
                  placeholder={t('login.code')}
                  maxLength={SMS_CODE_LENGTH}
                  autoComplete="one-time-code"
                />
              </Form.Item>
              <Button
                onClick={() => void sendCode()}
                loading={sending}
                disabled={wait > 0}
                style={{ width: 128 }}
              >
                {wait > 0 ? t('login.resendIn', { count: wait }) : t('login.sendCode')}
              </Button>
            </Space.Compact>
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            {t('login.submit')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
