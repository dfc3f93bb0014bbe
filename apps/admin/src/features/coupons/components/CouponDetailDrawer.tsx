import { useState } from 'react';
import { Button, Descriptions, Drawer, Segmented, Space, Tag } from 'antd';
import { MEMBER_COUPON_STATUS_NAMES, type MemberCouponStatus, type OpsCouponTemplate } from '@mall/shared';
import { LoadError } from '../../../components/LoadError.tsx';
import { QueryTable } from '../../../components/QueryTable.tsx';
import { formatFen, formatTime } from '../../../lib/format.ts';
import { usePermission } from '../../../lib/permission.tsx';
import { useMemberDetail } from '../../../entities/member/api/getMemberDetail.ts';
import { useCouponDetail, useIssuedCoupons, type IssuedCoupon } from '../api/coupons.ts';
import { UsageFigures } from './figures.tsx';

const STATUS_FILTERS: { label: string; value: MemberCouponStatus | 'ALL' }[] = [
  { label: '全部', value: 'ALL' },
  { label: '未使用', value: 'UNUSED' },
  { label: '占用中', value: 'HELD' },
  { label: '已使用', value: 'USED' },
  { label: '已过期', value: 'EXPIRED' },
];

/** Filled tags with white text at 4.5:1 or more (antd's light green and orange presets fall short). */
const STATUS_COLORS: Record<MemberCouponStatus, string> = {
  UNUSED: '#0958d9',
  HELD: '#ad4e00',
  USED: '#237804',
  EXPIRED: 'default',
};

/** A member by name and masked mobile when the operator may read members, else by number. */
function MemberCell({ memberId }: { memberId: string }) {
  const canView = usePermission('member:view');
  // Read once per member for the drawer's life: a page of coupons names the same members again and again.
  const m = useMemberDetail(canView ? memberId : null, { staleTime: 300_000 }).data;
  if (!m) return <span style={{ fontSize: 12 }}>{memberId}</span>;
  return (
    <div>
      <div>
        {m.nickname || m.username || '未命名会员'}
        {m.username && m.nickname ? `（${m.username}）` : ''}
      </div>
      <div style={{ color: '#595959', fontSize: 12 }}>{m.mobile || '未绑定手机'}</div>
    </div>
  );
}

/** A template's rule, figures and the members' coupons issued from it (who, state, order). */
export function CouponDetailDrawer({
  id,
  onClose,
  onGrant,
}: {
  id: number;
  onClose: () => void;
  onGrant: (t: OpsCouponTemplate) => void;
}) {
  const detail = useCouponDetail(id);
  const [status, setStatus] = useState<MemberCouponStatus | 'ALL'>('ALL');
  const [pageNum, setPageNum] = useState(1);
  const issued = useIssuedCoupons(id, status === 'ALL' ? undefined : status, pageNum);
  const t = detail.data;

  return (
    <Drawer
      title={t ? `优惠券详情：${t.name}` : '优惠券详情'}
      open
      onClose={onClose}
      size={880}
      destroyOnHidden
      extra={
        t && t.status === 'ACTIVE' ? (
          <Button type="primary" onClick={() => onGrant(t)}>
            发放
          </Button>
        ) : null
      }
    >
      {detail.isError ? (
        <LoadError error={detail.error} onRetry={() => void detail.refetch()} />
      ) : t ? (
        <>
          <div data-testid="coupon-detail">
            <Descriptions size="small" column={2} bordered style={{ marginBottom: 16 }}>
              <Descriptions.Item label="优惠规则">{t.ruleText}</Descriptions.Item>
              <Descriptions.Item label="状态">
                {t.status === 'ACTIVE' ? <Tag color="#237804">{t.statusText}</Tag> : <Tag>{t.statusText}</Tag>}
              </Descriptions.Item>
              <Descriptions.Item label="适用范围">{t.scopeText}</Descriptions.Item>
              <Descriptions.Item label="领取方式">{t.channelText}</Descriptions.Item>
              <Descriptions.Item label="有效期">{t.validityText}</Descriptions.Item>
              <Descriptions.Item label="发放总量 / 每人限领">
                {t.totalQuantity} 张 / {t.perMemberLimit} 张
              </Descriptions.Item>
              <Descriptions.Item label="领用情况" span={2}>
                <UsageFigures t={t} />
                （未使用 {t.figures.unused}，占用中 {t.figures.held}，已过期 {t.figures.expired}）
              </Descriptions.Item>
              <Descriptions.Item label="优惠总额">{formatFen(t.figures.discountFen)}</Descriptions.Item>
              <Descriptions.Item label="用券订单金额">{formatFen(t.figures.orderAmountFen)}</Descriptions.Item>
              {t.description ? (
                <Descriptions.Item label="使用说明" span={2}>
                  {t.description}
                </Descriptions.Item>
              ) : null}
            </Descriptions>
          </div>
          <Space style={{ marginBottom: 12 }}>
            <strong>已发放的券</strong>
            <Segmented
              options={STATUS_FILTERS}
              value={status}
              onChange={(v) => {
                setStatus(v);
                setPageNum(1);
              }}
              aria-label="券状态"
            />
          </Space>
          <QueryTable<IssuedCoupon>
            query={issued}
            rowKey="id"
            size="small"
            onRow={() => ({ 'data-testid': 'coupon-issued-row' }) as React.HTMLAttributes<HTMLElement>}
            locale={{ emptyText: '还没有会员领取' }}
            pagination={{
              current: pageNum,
              pageSize: 10,
              total: issued.data?.total ?? 0,
              showSizeChanger: false,
              onChange: setPageNum,
              showTotal: (n) => `共 ${n} 张`,
            }}
            columns={[
              {
                title: '会员',
                dataIndex: 'memberId',
                width: 200,
                render: (id: string) => <MemberCell memberId={id} />,
              },
              {
                title: '来源',
                key: 'source',
                width: 100,
                render: (_: unknown, c) =>
                  c.grantedBy ? '运营发放' : c.source === 'NEW_MEMBER' ? '新人礼包' : '买家领取',
              },
              {
                title: '状态',
                dataIndex: 'status',
                width: 130,
                render: (s: MemberCouponStatus) => <Tag color={STATUS_COLORS[s]}>{MEMBER_COUPON_STATUS_NAMES[s]}</Tag>,
              },
              {
                title: '领取时间',
                dataIndex: 'claimedAt',
                width: 150,
                render: (v: string) => formatTime(v, 'YYYY-MM-DD HH:mm'),
              },
              {
                title: '有效期至',
                dataIndex: 'validTo',
                width: 150,
                render: (v: string) => formatTime(new Date(Date.parse(v) - 1).toISOString(), 'YYYY-MM-DD HH:mm'),
              },
              { title: '订单', dataIndex: 'orderNo', width: 190, render: (v: string | null) => v ?? '—' },
            ]}
          />
        </>
      ) : null}
    </Drawer>
  );
}
