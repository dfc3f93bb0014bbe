import { useState } from 'react';
import { Button, Card, Empty, Pagination, Skeleton, Tabs, Tag } from 'antd';
import { MEMBER_COUPON_TABS, type MemberCouponTab, type MemberCouponView } from '@mall/shared';
import { Link, useNavigate } from 'react-router';
import { CouponTicket } from '../../../components/CouponTicket.tsx';
import { LoadError } from '../../../components/LoadError.tsx';
import { MY_COUPONS_PAGE_SIZE, useMyCoupons } from '../../../lib/coupons.ts';
import { formatTime } from '../../../lib/format.ts';
import { useIsPhone } from '../../../lib/useIsPhone.ts';

const TAB_NAMES: Record<MemberCouponTab, string> = { UNUSED: '未使用', USED: '已使用', EXPIRED: '已过期' };
const EMPTY: Record<MemberCouponTab, string> = {
  UNUSED: '暂无可用优惠券，去领券中心看看吧',
  USED: '暂无已使用的优惠券',
  EXPIRED: '暂无已过期的优惠券',
};

const linkStyle = { color: '#7b5a98' };

function CouponRow({ c }: { c: MemberCouponView }) {
  const navigate = useNavigate();
  const held = c.status === 'HELD';
  const usable = c.status === 'UNUSED';
  const badge = held ? (
    <Tag color="orange">待付款订单占用</Tag>
  ) : c.expiringSoon ? (
    <Tag color="red" data-testid="coupon-expiring">即将过期</Tag>
  ) : c.status === 'USED' ? (
    <Tag>已使用</Tag>
  ) : c.status === 'EXPIRED' ? (
    <Tag>已过期</Tag>
  ) : null;
  const note =
    c.status === 'USED' && c.orderNo ? (
      <span style={{ color: '#555' }}>
        {c.usedAt ? `${formatTime(c.usedAt, 'YYYY-MM-DD HH:mm')} ` : ''}用于订单 {c.orderNo}
      </span>
    ) : held && c.orderNo ? (
      <span style={{ color: '#ad4e00' }}>订单 {c.orderNo} 待付款，取消订单后退回</span>
    ) : null;
  return (
    <li style={{ listStyle: 'none' }}>
      <CouponTicket
        coupon={c}
        validityText={c.validityText}
        dim={!usable && !held}
        badge={badge}
        note={note}
        testId="my-coupon"
        action={
          usable ? (
            <Button
              type="primary"
              danger
              size="small"
              disabled={c.notStarted}
              title={c.notStarted ? (c.startText ?? '未到使用时间') : undefined}
              onClick={() => void navigate(`/couponGoodsList?couponId=${encodeURIComponent(c.id)}`)}
            >
              去使用
            </Button>
          ) : null
        }
      />
    </li>
  );
}

/** 我的优惠券: 未使用 / 已使用 / 已过期 with their counts, 即将过期 hints, 去使用 and the way to 领券中心. */
export default function CouponPage() {
  const phone = useIsPhone();
  const [tab, setTab] = useState<MemberCouponTab>('UNUSED');
  const [pageNum, setPageNum] = useState(1);
  const my = useMyCoupons(tab, pageNum);
  const counts = my.data?.counts;

  return (
    <Card
      title="我的优惠券"
      extra={
        <Link to="/couponGoodsList" style={linkStyle} data-testid="coupon-center-link">
          领券中心 ›
        </Link>
      }
    >
      {my.data && my.data.expiringSoonCount > 0 ? (
        <div style={{ color: '#ad4e00', background: '#fff7e6', borderRadius: 6, padding: '8px 12px', marginBottom: 12, fontSize: 13 }}>
          您有 {my.data.expiringSoonCount} 张优惠券即将过期，请尽快使用
        </div>
      ) : null}
      <Tabs
        activeKey={tab}
        onChange={(k) => {
          setTab(k as MemberCouponTab);
          setPageNum(1);
        }}
        items={MEMBER_COUPON_TABS.map((t) => ({
          key: t,
          label: (
            <span data-testid={`coupon-tab-${t}`}>
              {TAB_NAMES[t]}
              {counts ? `(${counts[t]})` : ''}
            </span>
          ),
        }))}
      />
      {my.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : my.isError ? (
        <LoadError error={my.error} onRetry={() => void my.refetch()} />
      ) : my.data.list.length === 0 ? (
        <Empty description={EMPTY[tab]} style={{ padding: '40px 0' }}>
          <Link to="/couponGoodsList">
            <Button type="primary">去领券中心</Button>
          </Link>
        </Empty>
      ) : (
        <div style={{ opacity: my.isPlaceholderData ? 0.6 : 1 }}>
          <ul
            aria-label={`${TAB_NAMES[tab]}的优惠券`}
            style={{
              margin: 0,
              padding: 0,
              display: 'grid',
              gridTemplateColumns: phone ? 'minmax(0, 1fr)' : 'repeat(2, minmax(0, 1fr))',
              gap: 12,
            }}
          >
            {my.data.list.map((c) => (
              <CouponRow key={c.id} c={c} />
            ))}
          </ul>
          {my.data.total > MY_COUPONS_PAGE_SIZE ? (
            <Pagination
              style={{ marginTop: 16, justifyContent: 'center' }}
              current={pageNum}
              pageSize={MY_COUPONS_PAGE_SIZE}
              total={my.data.total}
              showSizeChanger={false}
              simple={phone}
              onChange={setPageNum}
            />
          ) : null}
        </div>
      )}
    </Card>
  );
}
