import { Tag } from 'antd';
import { Link } from 'react-router';
import { formatFen } from '@mall/shared';
import { GoodsThumb } from '../../../components/GoodsThumb.tsx';
import { formatTime } from '../../../lib/format.ts';
import type { AfterSaleCardItem, OrderCardItem } from '../types.ts';
import styles from './assistant.module.css';

/** The member's orders: status, amount, goods, logistics, and a link to the order. */
export function OrderCards({ orders }: { orders: OrderCardItem[] }) {
  return (
    <ul className={styles.list} aria-label="订单">
      {orders.map((o) => {
        const pieces = o.items.reduce((n, i) => n + i.quantity, 0);
        return (
          <li key={o.orderNo} className={styles.card} data-testid="assistant-order">
            <div className={styles.row}>
              <GoodsThumb src={o.items[0]?.image} alt="" size={56} />
              <div className={styles.rowMain}>
                <span>
                  <Tag color="purple">{o.statusName}</Tag>
                  {o.items.map((i) => i.name).join('、')}
                </span>
                <span className={styles.muted}>
                  订单号 {o.orderNo} · {formatTime(o.createdAt, 'YYYY-MM-DD HH:mm')}
                </span>
                <span>
                  共 {pieces} 件，实付 <span className={styles.price}>{formatFen(o.payAmountFen)}</span>
                </span>
                {o.logistics ? (
                  <span className={styles.muted} data-testid="assistant-logistics">
                    物流：{o.logistics.company} {o.logistics.trackingNo}
                  </span>
                ) : null}
              </div>
            </div>
            <Link to={`/user/order/orderDetail/${o.orderNo}`}>查看订单</Link>
          </li>
        );
      })}
    </ul>
  );
}

/** The member's after-sale requests, each with its state and refund, linking to it (or the list). */
export function AfterSaleCards({ list }: { list: AfterSaleCardItem[] }) {
  return (
    <ul className={styles.list} aria-label="售后">
      {list.map((a) => (
        <li key={a.afterSaleNo} className={styles.card} data-testid="assistant-aftersale">
          <div className={styles.rowMain}>
            <span>
              <Tag color="purple">{a.statusName}</Tag>售后单号 {a.afterSaleNo}
            </span>
            <span className={styles.muted}>
              订单号 {a.orderNo} · {formatTime(a.createdAt, 'YYYY-MM-DD HH:mm')}
            </span>
            <span>
              退款金额 <span className={styles.price}>{formatFen(a.refundAmountFen)}</span>
            </span>
          </div>
          {/* an answer stored before the cards carried the request's page leads to the list */}
          <Link to={a.href || '/user/order/afterSaleOrder'} aria-label={`查看售后：${a.afterSaleNo}`}>
            查看售后
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The points balance and what expires soon, with the way to 我的积分. */
export function PointsCard({ balance, expiringSoon }: { balance: number; expiringSoon?: number }) {
  return (
    <div className={styles.card} data-testid="assistant-points">
      <p className={styles.cardTitle}>我的积分</p>
      <span className={styles.points}>{balance}</span>
      {expiringSoon ? <p className={styles.muted}>{expiringSoon} 积分即将过期</p> : null}
      <Link to="/user/member/points">查看积分明细</Link>
    </div>
  );
}
