import { useQueryClient } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { clearLogin } from '../../lib/session';

/** What a signed-in non-operator sees at /admin (docs/admin.md, Access): no console, a way out. */
export function RefusedPage({ nickname }: { nickname: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return (
    <div className="console-center">
      <Result
        status="403"
        title={t('frame.refused.title')}
        subTitle={t('frame.refused.body', { nickname })}
        extra={[
          <Button key="app" type="primary" href="/">
            {t('frame.refused.back')}
          </Button>,
          <Button
            key="switch"
            onClick={() => {
              clearLogin();
              queryClient.clear();
              navigate('/admin/login', { replace: true });
            }}
          >
            {t('frame.refused.switch')}
          </Button>,
        ]}
      />
    </div>
  );
}
