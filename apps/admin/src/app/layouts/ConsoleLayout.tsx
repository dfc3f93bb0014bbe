import { useEffect, useMemo, useState } from 'react';
import { Avatar, Breadcrumb, Button, Dropdown, Layout, Menu, Tag, Tooltip, type MenuProps } from 'antd';
import {
  ExportOutlined,
  KeyOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SafetyCertificateOutlined,
  ShopOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { BrandMark } from '../../components/BrandMark.tsx';
import { PATHS } from '../../lib/paths.ts';
import { signOut, useOperator } from '../../lib/session.ts';
import { MENU, activeLeaf, menuTrail, visibleMenu, type MenuNode } from '../menu.tsx';
import { SIDER_WIDTH } from '../theme.ts';
import styles from './ConsoleLayout.module.css';

const COLLAPSED_KEY = 'admin-sider-collapsed';

/** The shell's own screens, outside the menu, for the breadcrumb. */
const SHELL_TITLES: Record<string, string> = { [PATHS.security]: '账号安全', [PATHS.password]: '修改密码' };

function toItems(nodes: MenuNode[]): NonNullable<MenuProps['items']> {
  return nodes.map((node) => {
    if (node.children && node.group) {
      return { type: 'group' as const, key: node.key, label: node.label, children: toItems(node.children) };
    }
    if (node.children) return { key: node.key, icon: node.icon, label: node.label, children: toItems(node.children) };
    return {
      key: node.key,
      icon: node.icon,
      className: node.upcoming ? styles.upcoming : undefined,
      label: <Link to={node.path!}>{node.label}</Link>,
    };
  });
}

/** The console's frame: the sider with the operator's menu, the header with who is signed in. */
export function ConsoleLayout() {
  const me = useOperator();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSED_KEY) === '1');

  const menu = useMemo(() => visibleMenu(MENU, me.permissions), [me.permissions]);
  const items = useMemo(() => toItems(menu), [menu]);
  const active = activeLeaf(menu, location.pathname);
  const trail = active ? (menuTrail(menu, active.key) ?? []) : [];
  const parentKeys = trail
    .slice(0, -1)
    .filter((n) => !n.group)
    .map((n) => n.key);
  const [openKeys, setOpenKeys] = useState<string[]>(parentKeys);

  // Opening a screen of a folded group (a link, the breadcrumb) unfolds it.
  const parentKey = parentKeys.join('|');
  useEffect(() => {
    if (parentKey) setOpenKeys((keys) => Array.from(new Set([...keys, ...parentKey.split('|')])));
  }, [parentKey]);

  const toggle = () => {
    setCollapsed((c) => {
      localStorage.setItem(COLLAPSED_KEY, c ? '0' : '1');
      return !c;
    });
  };

  const logout = async () => {
    await signOut(queryClient);
    navigate(PATHS.login, { replace: true });
  };

  // A one-time password: nothing but 修改密码 (and 退出登录) until it is changed.
  const forced = me.mustChangePassword;

  const accountMenu: MenuProps['items'] = [
    ...(forced
      ? []
      : [
          {
            key: 'security',
            icon: <SafetyCertificateOutlined />,
            label: '账号安全',
            onClick: () => navigate(PATHS.security),
          },
          { key: 'password', icon: <KeyOutlined />, label: '修改密码', onClick: () => navigate(PATHS.password) },
          { type: 'divider' as const },
        ]),
    { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', danger: true, onClick: () => void logout() },
  ];

  const shellTitle = SHELL_TITLES[location.pathname];
  const breadcrumb = trail.length
    ? trail.map((n) => ({
        title: n.path && n.path !== location.pathname ? <Link to={n.path}>{n.label}</Link> : n.label,
      }))
    : shellTitle
      ? [{ title: '我的账号' }, { title: shellTitle }]
      : [];

  return (
    <Layout className={styles.shell}>
      {forced ? null : (
        <Layout.Sider
          width={SIDER_WIDTH}
          collapsedWidth={64}
          collapsed={collapsed}
          trigger={null}
          className={styles.sider}
        >
          <Link to={PATHS.home} className={styles.brand} aria-label="优选商城管理后台首页">
            <BrandMark size={30} />
            {collapsed ? null : (
              <span className={styles.brandText}>
                <span className={styles.brandName}>优选商城</span>
                <span className={styles.brandSub}>{me.store ? '商家后台' : '管理后台'}</span>
              </span>
            )}
          </Link>
          <nav aria-label="管理后台菜单" className={styles.nav}>
            <Menu
              mode="inline"
              items={items}
              selectedKeys={active ? [active.key] : []}
              openKeys={collapsed ? undefined : openKeys}
              onOpenChange={(keys) => setOpenKeys(keys as string[])}
              className={styles.menu}
            />
          </nav>
        </Layout.Sider>
      )}
      <Layout className={styles.main}>
        <Layout.Header className={styles.header}>
          <div className={styles.headerLeft}>
            {forced ? (
              <span className={styles.brandInline}>优选商城管理后台</span>
            ) : (
              <>
                <Tooltip title={collapsed ? '展开菜单' : '收起菜单'}>
                  <Button
                    type="text"
                    aria-label={collapsed ? '展开菜单' : '收起菜单'}
                    icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
                    onClick={toggle}
                  />
                </Tooltip>
                <Breadcrumb items={breadcrumb} className={styles.breadcrumb} />
              </>
            )}
          </div>
          <div className={styles.headerRight}>
            {me.store ? (
              // A supplier's console account: which store it manages, always in sight.
              <span className={styles.store} data-testid="store-name" title={`当前店铺：${me.store.name}`}>
                <ShopOutlined /> {me.store.name}
              </span>
            ) : null}
            <a href="/" target="_blank" rel="noopener noreferrer" className={styles.shopLink}>
              <ExportOutlined /> 访问商城
            </a>
            <Dropdown menu={{ items: accountMenu }} placement="bottomRight" trigger={['click']}>
              <button
                type="button"
                className={styles.account}
                data-testid="operator-menu"
                aria-label={`账号菜单：${me.displayName}`}
              >
                <Avatar size={28} className={styles.avatar}>
                  {(me.displayName || me.username).slice(0, 1).toUpperCase()}
                </Avatar>
                <span className={styles.who}>
                  <span className={styles.name}>{me.displayName || me.username}</span>
                  <Tag color="purple" variant="filled" className={styles.role}>
                    {me.role.name}
                  </Tag>
                </span>
              </button>
            </Dropdown>
          </div>
        </Layout.Header>
        <Layout.Content className={styles.content}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
