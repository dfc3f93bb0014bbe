import { useState } from 'react';
import { Button, Card, Empty, Pagination, Segmented, Skeleton, Table } from 'antd';
import type { PointsLedgerEntry } from '@mall/shared';
import { Link } from 'react-router';
import { LoadError } from '../../../components/LoadError.tsx';
import { formatTime } from '../../../lib/format.ts';
import { useIsPhone } from '../../../lib/useIsPhone.ts';
import { LEDGER_PAGE_SIZE, useMemberPointsBalance, usePointsLedger, type LedgerType } from '../api/memberPoints.ts';

const TYPES: { label: string; value: LedgerType }[] = [
  { label: '全部', value: 'ALL' },
  { label: '收入', value: 'IN' },
  { label: '支出', value: 'OUT' },
];

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
const amountColor = (n: number) => (n > 0 ? '#d4380d' : '#237804');
/** Points expire at a Shanghai midnight: the buyer reads the last day they still count. */
const lastDay = (iso: string) => formatTime(new Date(new Date(iso).getTime() - 1).toISOString(), 'YYYY年M月D日');

/** What a row is about beyond its reason: the order, or the operator's note. */
function detailOf(e: PointsLedgerEntry): string {
  if (e.orderNo) return `订单 ${e.orderNo}`;
  return e.note;
}

/** 我的积分: the balance, what expires soon, and 积分明细 filtered by 全部 / 收入 / 支出, paged. */
export default function MemberPointsPage() {
  const phone = useIsPhone();
  const [type, setType] = useState<LedgerType>('ALL');
  const [pageNum, setPageNum] = useState(1);
  const balance = useMemberPointsBalance();
  const ledger = usePointsLedger(type, pageNum);
  const b = balance.data;

  const stat = (label: string, value: React.ReactNode, testId: string) => (
    <div style={{ minWidth: 0 }}>
      <div style={{ color: '#666', fontSize: 13 }}>{label}</div>
      <div style={{ fontSize: 22, fontWeight: 600, color: '#333' }} data-testid={testId}>
        {value}
      </div>
    </div>
  );

  return (
    <Card title="我的积分" extra={<Link to="/points" style={{ color: '#7b5a98' }}>去签到赚积分 ›</Link>}>
      {balance.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : balance.isError ? (
        <LoadError error={balance.error} onRetry={() => void balance.refetch()} />
      ) : b ? (
        <div style={{ background: '#faf7fc', borderRadius: 8, padding: phone ? 14 : 20, marginBottom: 20 }}>
          <div
            style={{
              display: 'grid',
              gridTemplateColumns: phone ? 'repeat(2, minmax(0, 1fr))' : 'repeat(4, minmax(0, 1fr))',
              gap: 16,
            }}
          >
            <div style={{ minWidth: 0 }}>
              <div style={{ color: '#666', fontSize: 13 }}>当前积分</div>
              <div style={{ fontSize: 30, fontWeight: 700, color: '#7b5a98' }} data-testid="member-points-balance">
                {b.balance}
              </div>
            </div>
            {stat('即将过期', b.expiringSoon.points, 'member-points-expiring')}
            {stat('累计获得', b.totalEarned, 'member-points-earned')}
            {stat('累计使用', b.totalUsed, 'member-points-used')}
          </div>
          {b.expiringSoon.points > 0 && b.expiringSoon.expiresAt ? (
            <div style={{ color: '#ad4e00', fontSize: 13, marginTop: 10 }}>
              {b.expiringSoon.points} 积分将于 {lastDay(b.expiringSoon.expiresAt)} 过期，
              <Link to="/points/mall" style={{ color: '#7b5a98', textDecoration: 'underline' }}>
                去积分商城兑换
              </Link>
            </div>
          ) : null}
        </div>
      ) : null}

      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 12, flexWrap: 'wrap', marginBottom: 12 }}>
        <h3 style={{ margin: 0, fontSize: 16 }}>积分明细</h3>
        <Segmented
          options={TYPES}
          value={type}
          onChange={(v) => {
            setType(v);
            setPageNum(1);
          }}
          aria-label="积分明细类型"
        />
      </div>
      {ledger.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : ledger.isError ? (
        <LoadError error={ledger.error} onRetry={() => void ledger.refetch()} />
      ) : ledger.data.list.length === 0 ? (
        <Empty description={type === 'OUT' ? '暂无积分支出' : type === 'IN' ? '暂无积分收入' : '暂无积分明细'} style={{ padding: '40px 0' }}>
          <Link to="/points">
            <Button type="primary">去签到赚积分</Button>
          </Link>
        </Empty>
      ) : (
        <div style={{ opacity: ledger.isPlaceholderData ? 0.6 : 1 }}>
          {phone ? (
            <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="积分明细">
              {ledger.data.list.map((e) => (
                <li
                  key={e.id}
                  data-testid="points-ledger-row"
                  style={{ display: 'flex', gap: 12, padding: '12px 0', borderBottom: '1px solid #f5f5f5' }}
                >
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <div>{e.reasonText}</div>
                    {detailOf(e) ? (
                      <div style={{ color: '#666', fontSize: 12, overflowWrap: 'anywhere' }}>{detailOf(e)}</div>
                    ) : null}
                    <div style={{ color: '#666', fontSize: 12 }}>{formatTime(e.createdAt, 'YYYY-MM-DD HH:mm')}</div>
                  </div>
                  <div style={{ textAlign: 'right' }}>
                    <div style={{ color: amountColor(e.amount), fontWeight: 600, fontSize: 16 }}>{signed(e.amount)}</div>
                    <div style={{ color: '#666', fontSize: 12 }}>余额 {e.balanceAfter}</div>
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <Table<PointsLedgerEntry>
              rowKey="id"
              size="middle"
              pagination={false}
              dataSource={ledger.data.list}
              onRow={() => ({ 'data-testid': 'points-ledger-row' }) as React.HTMLAttributes<HTMLElement>}
              columns={[
                { title: '时间', dataIndex: 'createdAt', width: 170, render: (v: string) => formatTime(v, 'YYYY-MM-DD HH:mm') },
                { title: '来源/用途', dataIndex: 'reasonText', width: 140 },
                { title: '说明', key: 'detail', render: (_: unknown, e) => detailOf(e) || '—' },
                {
                  title: '积分变动',
                  dataIndex: 'amount',
                  width: 110,
                  align: 'right',
                  render: (v: number) => <span style={{ color: amountColor(v), fontWeight: 600 }}>{signed(v)}</span>,
                },
                { title: '积分余额', dataIndex: 'balanceAfter', width: 110, align: 'right' },
              ]}
            />
          )}
          {ledger.data.total > LEDGER_PAGE_SIZE ? (
            <Pagination
              style={{ marginTop: 16, justifyContent: 'center' }}
              current={pageNum}
              pageSize={LEDGER_PAGE_SIZE}
              total={ledger.data.total}
              showSizeChanger={false}
              simple={phone}
              onChange={setPageNum}
            />
          ) : null}
          <div style={{ color: '#666', fontSize: 12, marginTop: 8, textAlign: 'right' }}>共 {ledger.data.total} 条</div>
        </div>
      )}
    </Card>
  );
}
