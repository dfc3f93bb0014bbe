import { Button, Space } from 'antd';
import { DownOutlined, RobotOutlined } from '@ant-design/icons';
import { Link, NavLink, useNavigate } from 'react-router';
import { signOut, useSession } from '../../lib/session.ts';
import { DEFAULT_SITE_NAME, useSiteConfig } from '../../lib/siteConfig.ts';
import { SearchBox } from '../../features/search/components/SearchBox.tsx';
import { CartBadge } from '../../features/cart/components/CartBadge.tsx';
import { useIsPhone } from '../../lib/useIsPhone.ts';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import styles from './SiteHeader.module.css';

const ASSISTANT = { to: '/ai/chat', label: 'AI 助手' };

const nav: { to: string; label: string; end?: boolean }[] = [
  { to: '/', label: '首页', end: true },
  { to: '/goodsList', label: '商品分类' },
  { to: '/flashSale', label: '秒杀' },
  { to: '/couponGoodsList', label: '领券购' },
  { to: '/points/mall', label: '积分商城' },
  ASSISTANT,
];

const accountMenu = [
  { to: '/user/member/profile', label: '个人资料' },
  { to: '/user/order/myOrder', label: '我的订单' },
  { to: '/user/member/settings', label: '账户安全' },
];

export function SiteHeader() {
  const site = useSiteConfig().data;
  const { user } = useSession();
  const navigate = useNavigate();
  const phone = useIsPhone();
  const name = user ? user.nickname || user.username || user.mobile : '';
  const logo = (
    <Link to="/" className={styles.brand}>
      {/* The logo is the shop's wordmark and carries the site name; the alt text gives it to screen readers. */}
      <img src={site?.logo ? String(site.logo) : '/static/site/logo.svg'} alt={site?.siteName ?? DEFAULT_SITE_NAME} className={styles.logo} />
    </Link>
  );

  // On a phone: the logo, the search box and the assistant; the tab bar (MainLayout) carries the rest.
  if (phone) {
    return (
      <header className={styles.header}>
        <div className={styles.phoneInner} data-testid="phone-header">
          {logo}
          <div className={styles.search}>
            <SearchBox />
          </div>
          <Link to={ASSISTANT.to} className={styles.phoneAssistant}>
            <RobotOutlined aria-hidden className={styles.phoneAssistantIcon} />
            {ASSISTANT.label}
          </Link>
        </div>
      </header>
    );
  }

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        {logo}
        <nav className={styles.nav}>
          {nav.map((n) => (
            <NavLink key={n.to} to={n.to} end={n.end} className={({ isActive }) => (isActive ? styles.active : undefined)}>
              {n.label}
            </NavLink>
          ))}
        </nav>
        <div className={styles.search}>
          <SearchBox />
        </div>
        <div className={styles.account}>
          <CartBadge className={styles.cartLink} />
          {user ? (
            <Space size={12}>
              {/* The account menu opens on hover and on keyboard focus (CSS): no popup library on every first screen. */}
              <div className={styles.memberMenu}>
                <Link to="/user/member/profile" className={styles.member} data-testid="header-member">
                  <UserAvatar size={28} src={user.avatar} />
                  <span className={styles.memberName}>{name}</span>
                  <DownOutlined style={{ fontSize: 10 }} />
                </Link>
                <ul className={styles.memberList} aria-label="账户菜单">
                  {accountMenu.map((m) => (
                    <li key={m.to}>
                      <Link to={m.to}>{m.label}</Link>
                    </li>
                  ))}
                </ul>
              </div>
              <Button type="link" size="small" onClick={() => void signOut((to) => void navigate(to))}>
                退出登录
              </Button>
            </Space>
          ) : (
            <Space size={4} split={<span className={styles.split}>|</span>}>
              <Link to="/login">登录</Link>
              <Link to="/login?tab=sms">注册</Link>
            </Space>
          )}
        </div>
      </div>
    </header>
  );
}
