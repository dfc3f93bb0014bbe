import { Button, Descriptions, Table, Tag, Timeline, type TableColumnsType } from 'antd';
import { Link, useParams } from 'react-router';
import { Code, formatFen, type DistributionOrderLine, type DistributionProgramme } from '@mall/shared';
import { GoodsThumb } from '../../../components/GoodsThumb.tsx';
import { LoadError } from '../../../components/LoadError.tsx';
import { EmptyState, Loading, Panel } from '../../../components/Panel.tsx';
import { formatTime } from '../../../lib/format.ts';
import { RequestError } from '../../../lib/request.ts';
import { useIsPhone } from '../../../lib/useIsPhone.ts';
import { useDistributionOrder } from '../api/orders.ts';
import { COMMISSION_TAG_COLORS, PROGRAMMES } from './programme.ts';
import styles from './distribution.module.css';

function LineGoods({ line }: { line: DistributionOrderLine }) {
  return (
    <div className={styles.goodsLine}>
      <GoodsThumb src={line.image} alt={line.goodsName} size={52} />
      <div>
        <div className={styles.goodsName}>{line.goodsName}</div>
        <div className={styles.muted}>
          {line.specText ? `${line.specText} · ` : ''}× {line.quantity}
        </div>
      </div>
    </div>
  );
}

/** 分销订单详情 / 推广订单详情 (/…OrderDetail/:orderNo): lines, commission per line and its history. */
export function OrderDetailView({ programme }: { programme: DistributionProgramme }) {
  const meta = PROGRAMMES[programme];
  const phone = useIsPhone();
  const orderNo = useParams().id ?? '';
  const detail = useDistributionOrder(programme, orderNo);
  const promoter = programme === 'PROMOTER';
  const back = (
    <Link to={meta.orders}>
      <Button>返回{meta.name}订单</Button>
    </Link>
  );

  if (!/^\d{8,32}$/.test(orderNo)) {
    return (
      <Panel title={`${meta.name}订单详情`}>
        <EmptyState text="订单号不正确" action={back} />
      </Panel>
    );
  }
  if (detail.isPending) {
    return (
      <Panel title={`${meta.name}订单详情`}>
        <Loading />
      </Panel>
    );
  }
  if (detail.isError || !detail.data) {
    const missing = detail.error instanceof RequestError && detail.error.code === Code.NOT_FOUND;
    return (
      <Panel title={`${meta.name}订单详情`}>
        {missing ? (
          <EmptyState text="没有找到这笔订单的佣金记录" action={back} />
        ) : (
          <LoadError error={detail.error} onRetry={() => void detail.refetch()} />
        )}
      </Panel>
    );
  }
  const o = detail.data;

  const columns: TableColumnsType<DistributionOrderLine> = [
    { title: '商品', key: 'goods', render: (_, l) => <LineGoods line={l} /> },
    ...(promoter
      ? [{ title: '层级', key: 'tier', width: 96, render: (_: unknown, l: DistributionOrderLine) => l.tierText }]
      : []),
    { title: '实付', key: 'paid', width: 100, render: (_, l) => formatFen(l.paidFen) },
    {
      title: '已退款',
      key: 'refunded',
      width: 100,
      render: (_, l) => (l.refundedFen > 0 ? formatFen(l.refundedFen) : '—'),
    },
    { title: '佣金规则', dataIndex: 'ruleText', width: 130 },
    {
      title: '佣金',
      key: 'commission',
      width: 130,
      render: (_, l) => (
        <div>
          <span className={styles.money} data-testid="line-commission">
            {formatFen(l.commissionFen)}
          </span>
          {l.reversedFen > 0 ? <div className={styles.muted}>已扣回 {formatFen(l.reversedFen)}</div> : null}
        </div>
      ),
    },
    {
      title: '状态',
      key: 'status',
      width: 90,
      render: (_, l) => <Tag color={COMMISSION_TAG_COLORS[l.status]}>{l.statusText}</Tag>,
    },
  ];

  return (
    <>
      <Panel title={`${meta.name}订单详情`} extra={back}>
        <Descriptions
          size="small"
          column={phone ? 1 : 2}
          items={[
            { key: 'no', label: '订单号', children: o.orderNo },
            { key: 'at', label: '下单时间', children: formatTime(o.createdAt) },
            { key: 'buyer', label: '买家', children: <span data-testid="order-buyer">{o.buyerName}</span> },
            {
              key: 'state',
              label: '佣金状态',
              children: <Tag color={COMMISSION_TAG_COLORS[o.statusText]}>{o.statusText}</Tag>,
            },
            {
              key: 'net',
              label: '本单佣金',
              children: (
                <span className={styles.money} data-testid="order-commission">
                  {formatFen(o.netCommissionFen)}
                </span>
              ),
            },
          ]}
        />
      </Panel>
      <Panel title="佣金明细">
        {phone ? (
          <ul className={styles.cardList}>
            {o.lines.map((l) => (
              <li key={l.commissionId} className={styles.rowCard} data-testid="commission-line">
                <LineGoods line={l} />
                <div style={{ marginTop: 8 }}>
                  {promoter ? (
                    <div className={styles.kv}>
                      <span>层级</span>
                      <span>{l.tierText}</span>
                    </div>
                  ) : null}
                  <div className={styles.kv}>
                    <span>实付</span>
                    <span>{formatFen(l.paidFen)}</span>
                  </div>
                  {l.refundedFen > 0 ? (
                    <div className={styles.kv}>
                      <span>已退款</span>
                      <span>{formatFen(l.refundedFen)}</span>
                    </div>
                  ) : null}
                  <div className={styles.kv}>
                    <span>佣金规则</span>
                    <span>{l.ruleText}</span>
                  </div>
                  <div className={styles.kv}>
                    <span>佣金</span>
                    <span>
                      <span className={styles.money} data-testid="line-commission">
                        {formatFen(l.commissionFen)}
                      </span>
                      {l.reversedFen > 0 ? ` （已扣回 ${formatFen(l.reversedFen)}）` : ''}
                    </span>
                  </div>
                  <div className={styles.kv}>
                    <span>状态</span>
                    <span>
                      <Tag color={COMMISSION_TAG_COLORS[l.status]} style={{ marginInlineEnd: 0 }}>
                        {l.statusText}
                      </Tag>
                    </span>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <Table
            rowKey="commissionId"
            columns={columns}
            dataSource={o.lines}
            pagination={false}
            scroll={{ x: 760 }}
            onRow={() => ({ 'data-testid': 'commission-line' }) as React.HTMLAttributes<HTMLElement>}
          />
        )}
      </Panel>
      <Panel title="佣金记录">
        {o.history.length === 0 ? (
          <EmptyState text="暂无记录" />
        ) : (
          <Timeline
            items={o.history.map((h, i) => ({
              key: i,
              content: (
                <div>
                  <div>
                    {h.kindText}
                    <span className={styles.money} style={{ marginLeft: 8 }}>
                      {formatFen(h.amountFen)}
                    </span>
                  </div>
                  <div className={styles.muted}>
                    {formatTime(h.at)} · {h.goodsName}
                    {h.note ? ` · ${h.note}` : ''}
                  </div>
                </div>
              ),
            }))}
          />
        )}
      </Panel>
    </>
  );
}
