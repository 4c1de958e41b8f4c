import { Button, Result } from 'antd';
import { useRouteError } from 'react-router';

/** A page that failed to load or render (a new deploy replaced its chunk, or a bug): say so, offer a reload. */
export function RouteFailure() {
  const error = useRouteError();
  console.error(error);
  return (
    <Result
      status="500"
      title="页面出错了"
      subTitle="可能是后台刚刚更新，刷新页面后重试。"
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          刷新页面
        </Button>
      }
    />
  );
}
