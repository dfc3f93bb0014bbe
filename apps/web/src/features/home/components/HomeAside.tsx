import { Button, Space } from 'antd';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session.ts';
import { UserAvatar } from '../../../components/UserAvatar.tsx';
import { useHotKeys } from '../../../lib/hotKeys.ts';
import { searchHref } from '../../../lib/catalogLinks.ts';
import styles from './home.module.css';

/** The right column beside the banner: a greeting (or sign-in buttons) and what buyers search for. */
export function HomeAside() {
  const { user } = useSession();
  const hot = useHotKeys().data ?? [];
  const name = user ? user.nickname || user.username || user.mobile : '';
  return (
    <aside className={styles.aside}>
      <div className={styles.welcome}>
        <UserAvatar size={52} src={user?.avatar} background="#d9cce6" />
        <div className={styles.welcomeName}>{user ? `Hi，${name}` : 'Hi，欢迎来到商城'}</div>
        <div className={styles.welcomeHint}>{user ? '祝您购物愉快' : '登录后享受更多会员权益'}</div>
        {user ? (
          <Space>
            <Link to="/user/order/myOrder">
              <Button size="small">我的订单</Button>
            </Link>
            <Link to="/cart">
              <Button size="small" type="primary">
                购物车
              </Button>
            </Link>
          </Space>
        ) : (
          <Space>
            <Link to="/login">
              <Button size="small" type="primary">
                登录
              </Button>
            </Link>
            <Link to="/login?tab=sms">
              <Button size="small">注册</Button>
            </Link>
          </Space>
        )}
      </div>
      <div className={styles.notice}>
        <h3>热门搜索</h3>
        <ul>
          {hot.slice(0, 8).map((w, i) => (
            <li key={w}>
              <span className={styles.tag} style={i < 3 ? { color: '#d0252b', borderColor: '#f5b5b6' } : undefined}>
                {i + 1}
              </span>
              <Link to={searchHref(w)}>{w}</Link>
            </li>
          ))}
          {hot.length === 0 ? <li style={{ color: '#bbb' }}>暂无热门搜索</li> : null}
        </ul>
      </div>
    </aside>
  );
}
