import { Menu, type MenuProps } from 'antd';
import { FileTextOutlined, ShareAltOutlined, RiseOutlined, ShopOutlined, UserOutlined } from '@ant-design/icons';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { userRoutes } from '../routeTable.tsx';
import { useIsPhone } from '../../lib/useIsPhone.ts';

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

/**
 * The member area. On a PC the menu sits beside the page; on a phone the page takes the width and
 * 我的 (the member home, /user) is the way between pages, the title bar's back arrow the way to it.
 */
export function UserLayout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const phone = useIsPhone();
  const group = pathname.split('/').slice(0, 3).join('/');
  // One tree for both widths, the page always in the same <section>: a width change (a window
  // resized across 768 px, a rotated tablet) re-renders the page instead of remounting it, so an
  // open dialog or a half-filled form survives it.
  return (
    <div style={phone ? undefined : { display: 'flex', gap: 16, alignItems: 'flex-start' }}>
      {phone ? null : (
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
          <Link
            to="/supplier/register"
            // The menu's own text colour: an entry like the items above it, not the browser's blue link.
            style={{ display: 'flex', alignItems: 'center', gap: 10, padding: '12px 24px 8px', borderTop: '1px solid #f0f0f0', color: 'rgba(0, 0, 0, 0.88)' }}
          >
            <ShopOutlined /> 供应商入驻
          </Link>
        </nav>
      )}
      <section style={phone ? undefined : { flex: 1, minWidth: 0 }}>
        <Outlet />
      </section>
    </div>
  );
}
