import { Button, Result, Spin } from 'antd';
import { useNavigate } from 'react-router';

/** A console screen the operator's role does not reach (the server refuses its calls too). */
export function Forbidden() {
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title="无权访问"
      subTitle="你的角色没有此页面的权限。如需使用，请联系超级管理员为你的角色开通。"
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          返回首页
        </Button>
      }
    />
  );
}

export function NotFound() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="页面不存在"
      subTitle="你访问的页面不存在，可能已移动或地址有误。"
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          返回首页
        </Button>
      }
    />
  );
}

export function PageLoading({ tip }: { tip?: string }) {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', padding: '96px 0' }}>
      <Spin size="large" description={tip}>
        <div style={{ width: 160, height: tip ? 60 : 0 }} />
      </Spin>
    </div>
  );
}
