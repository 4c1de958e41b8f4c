import { useQueryClient } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { clearLogin } from '../../lib/session';

/** What a signed-in non-operator sees at /admin (docs/admin.md, Access): no console, a way out. */
export function RefusedPage({ nickname }: { nickname: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <div className="console-center">
      <Result
        status="403"
        title="无权访问运营后台"
        subTitle={`当前账号「${nickname}」不是运营人员。如需开通，请联系管理员。`}
        extra={[
          <Button key="app" type="primary" href="/">
            返回灵犀
          </Button>,
          <Button
            key="switch"
            onClick={() => {
              clearLogin();
              queryClient.clear();
              navigate('/admin/login', { replace: true });
            }}
          >
            切换账号
          </Button>,
        ]}
      />
    </div>
  );
}
