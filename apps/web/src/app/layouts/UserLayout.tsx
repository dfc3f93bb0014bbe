import { Menu, type MenuProps } from 'antd';
import { FileTextOutlined, ShareAltOutlined, RiseOutlined, UserOutlined } from '@ant-design/icons';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { userRoutes } from '../routeTable.tsx';

const groupIcons: Record<string, React.ReactNode> = {
  order: <FileTextOutlined />,
  distribution: <ShareAltOutlined />,
  newDistribution: <RiseOutlined />,
  member: <UserOutlined />,
};

/** The member menu, read from the route table: every subtree of spec §2, detail routes left out. */
const items: MenuProps['items'] = userRoutes.map((group) => ({
  key: `/user/${group.path}`,
  label: group.title,
  icon: groupIcons[group.path ?? ''],
  children: group.children
    ?.filter((r) => !r.hidden)
    .map((r) => ({ key: `/user/${group.path}/${r.path}`, label: r.title })),
}));

export function UserLayout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const group = pathname.split('/').slice(0, 3).join('/');
  return (
    <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
      <nav aria-label="会员中心菜单" style={{ width: 208, flexShrink: 0, background: '#fff', borderRadius: 8, padding: '8px 0' }}>
        <div style={{ padding: '8px 24px 12px', fontSize: 16, fontWeight: 600, color: '#333' }}>会员中心</div>
        <Menu
          mode="inline"
          items={items}
          selectedKeys={[pathname]}
          defaultOpenKeys={['/user/order', '/user/member', group]}
          onClick={({ key }) => void navigate(key)}
          style={{ borderInlineEnd: 'none' }}
        />
      </nav>
      <section style={{ flex: 1, minWidth: 0 }}>
        <Outlet />
      </section>
    </div>
  );
}
