import { Button, Result } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { Link } from 'react-router';

/** What a route of a later issue shows until its screen is built: never a blank page. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <div style={{ background: '#fff', borderRadius: 8, padding: '48px 24px', minHeight: 360 }}>
      <Result
        icon={<ClockCircleOutlined style={{ color: '#7b5a98' }} />}
        title={<h2 style={{ margin: 0, fontSize: 24, fontWeight: 600 }}>{title}</h2>}
        subTitle="该功能即将上线，敬请期待"
        extra={
          <Link to="/">
            <Button type="primary">返回首页</Button>
          </Link>
        }
      />
    </div>
  );
}
