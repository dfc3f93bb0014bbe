import { Button } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { ORDER_STATES, WAITING_ORDER_STATUSES, type OrderCounts } from '@mall/shared';
import { request } from '../../lib/request.ts';
import { orderKeys } from '../../lib/queryKeys.ts';
import { signOut, useSession } from '../../lib/session.ts';
import { CountBadge } from '../../components/CountBadge.tsx';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { usePendingReviews } from '../../features/orders/api/reviews.ts';
import { userRoutes } from '../routeTable.tsx';
import styles from './MemberHome.module.css';

const MY_ORDERS = '/user/order/myOrder';

/**
 * 我的 on a phone (/user): who is signed in, the orders by state, then every page of the member area
 * from the route table, as UserLayout's menu reads it on a PC.
 */
export default function MemberHomePage() {
  const { user } = useSession();
  const navigate = useNavigate();
  const counts = useQuery({
    queryKey: [...orderKeys.all, 'counts'],
    queryFn: () => request.get<OrderCounts>('/member/order/order/counts', undefined, { silent: true }),
    staleTime: 0,
  }).data?.counts;
  const toReview = usePendingReviews('REVIEW', 1).data?.counts.REVIEW ?? 0;
  const shortcuts = [
    // The states a buyer waits on (待付款, 待发货, 待收货), each with its count.
    ...WAITING_ORDER_STATUSES.map((status) => ({
      label: ORDER_STATES[status].name,
      to: `${MY_ORDERS}?status=${status}`,
      count: counts?.[status] ?? 0,
    })),
    { label: '待评价', to: `${MY_ORDERS}?status=REVIEW`, count: toReview },
    { label: '退款/售后', to: '/user/order/afterSaleOrder', count: 0 },
  ];

  return (
    <div className={styles.page} data-testid="member-home">
      <h1 className={styles.visuallyHidden}>我的</h1>
      <Link to="/user/member/profile" className={styles.me}>
        <UserAvatar size={56} src={user?.avatar} />
        <span className={styles.name}>{user ? user.nickname || user.username || user.mobile : ''}</span>
        <RightOutlined />
      </Link>

      <section className={styles.card} aria-labelledby="member-home-orders">
        <div className={styles.cardHead}>
          <h2 id="member-home-orders">我的订单</h2>
          <Link to={MY_ORDERS}>
            全部订单 <RightOutlined />
          </Link>
        </div>
        <div className={styles.shortcuts}>
          {shortcuts.map((s) => (
            <Link key={s.label} to={s.to} className={styles.shortcut} aria-label={s.count ? `${s.label}（${s.count}）` : undefined}>
              <CountBadge count={s.count}>
                <span className={styles.shortcutLabel}>{s.label}</span>
              </CountBadge>
            </Link>
          ))}
        </div>
      </section>

      {userRoutes.map((group) => (
        <section key={group.path} className={styles.card} aria-labelledby={`member-home-${group.path}`}>
          <h2 id={`member-home-${group.path}`} className={styles.groupTitle}>
            {group.title}
          </h2>
          <ul className={styles.entries}>
            {group.children
              ?.filter((r) => !r.hidden)
              .map((r) => (
                <li key={r.path}>
                  <Link to={`/user/${group.path}/${r.path}`} className={styles.entry}>
                    <span>{r.title}</span>
                    <RightOutlined />
                  </Link>
                </li>
              ))}
          </ul>
        </section>
      ))}

      <section className={styles.card} aria-labelledby="member-home-business">
        <h2 id="member-home-business" className={styles.groupTitle}>
          商家服务
        </h2>
        <ul className={styles.entries}>
          <li>
            <Link to="/supplier/register" className={styles.entry}>
              <span>供应商入驻</span>
              <RightOutlined />
            </Link>
          </li>
        </ul>
      </section>

      <Button block size="large" onClick={() => void signOut((to) => void navigate(to))}>
        退出登录
      </Button>
    </div>
  );
}
