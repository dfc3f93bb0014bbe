import { useEffect } from 'react';
import { AppstoreOutlined, HomeOutlined, ShoppingCartOutlined, UserOutlined } from '@ant-design/icons';
import { NavLink } from 'react-router';
import { useCartPieces } from '../../lib/cartCount.ts';
import { CountBadge } from '../CountBadge.tsx';
import styles from './shell.module.css';

/** The tab bar's height; StickyBar and the page's bottom padding read it as `--phone-tabbar-height`. */
const TAB_BAR_HEIGHT = 56;

/**
 * The phone shop's bottom tab bar (首页 / 分类 / 购物车 / 我的), as Chinese H5 shops have it. While it is
 * shown it sets `--phone-tabbar-height` on the document, so sticky page bars sit above it.
 */
export function TabBar() {
  const cart = useCartPieces();

  useEffect(() => {
    const root = document.documentElement.style;
    root.setProperty('--phone-tabbar-height', `${TAB_BAR_HEIGHT}px`);
    return () => {
      root.removeProperty('--phone-tabbar-height');
    };
  }, []);

  const tab = ({ isActive }: { isActive: boolean }) => (isActive ? `${styles.tab} ${styles.activeTab}` : styles.tab);
  return (
    <nav aria-label="底部导航" className={styles.tabBar} data-testid="phone-tab-bar">
      <NavLink to="/" end className={tab}>
        <HomeOutlined className={styles.tabIcon} />
        首页
      </NavLink>
      <NavLink to="/goodsList" className={tab}>
        <AppstoreOutlined className={styles.tabIcon} />
        分类
      </NavLink>
      <NavLink to="/cart" className={tab} aria-label={cart.label}>
        <CountBadge count={cart.count}>
          <ShoppingCartOutlined className={styles.tabIcon} />
        </CountBadge>
        购物车
      </NavLink>
      <NavLink to="/user" className={tab}>
        <UserOutlined className={styles.tabIcon} />
        我的
      </NavLink>
    </nav>
  );
}
