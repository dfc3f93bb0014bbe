import { Table, Tag, type TableColumnsType } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { formatFen, type DistributionAfterSale, type DistributionProgramme } from '@mall/shared';
import { GoodsThumb } from '../../../components/GoodsThumb.tsx';
import { LoadError } from '../../../components/LoadError.tsx';
import { EmptyState, Loading, Panel } from '../../../components/Panel.tsx';
import { formatTime } from '../../../lib/format.ts';
import { useIsPhone } from '../../../lib/useIsPhone.ts';
import { AFTER_SALES_PAGE_SIZE, useDistributionAfterSales } from '../api/goods.ts';
import { Pager } from './Pager.tsx';
import { PROGRAMMES } from './programme.ts';
import styles from './distribution.module.css';

function Goods({ a }: { a: DistributionAfterSale }) {
  return (
    <div className={styles.goodsLine}>
      <GoodsThumb src={a.image} alt={a.goodsName} size={52} />
      <div>
        <div className={styles.goodsName}>{a.goodsName}</div>
        {a.specText ? <div className={styles.muted}>{a.specText}</div> : null}
      </div>
    </div>
  );
}

function Effect({ a }: { a: DistributionAfterSale }) {
  return (
    <div data-testid="commission-effect">
      <div>{a.effectText}</div>
      <div className={styles.muted}>
        佣金 {formatFen(a.commissionFen)}
        {a.reversedFen > 0 ? `，已扣回 ${formatFen(a.reversedFen)}` : ''}
      </div>
    </div>
  );
}

/** 分销售后 / 推广售后: after-sales on orders that earned the member commission, and what each did to it. */
export function AfterSalesView({ programme }: { programme: DistributionProgramme }) {
  const meta = PROGRAMMES[programme];
  const phone = useIsPhone();
  const [params, setParams] = useSearchParams();
  const pageNum = Math.max(1, Number(params.get('page')) || 1);
  const list = useDistributionAfterSales(programme, pageNum);
  const data = list.data;
  const orderLink = (a: DistributionAfterSale) => <Link to={meta.orderDetail(a.orderNo)}>{a.orderNo}</Link>;

  const columns: TableColumnsType<DistributionAfterSale> = [
    { title: '商品', key: 'goods', render: (_, a) => <Goods a={a} /> },
    {
      title: '订单 / 售后单',
      key: 'no',
      width: 220,
      render: (_, a) => (
        <div>
          <div>{orderLink(a)}</div>
          <div className={styles.muted}>售后单 {a.afterSaleNo}</div>
          <div className={styles.muted}>{formatTime(a.createdAt, 'YYYY-MM-DD HH:mm')}</div>
        </div>
      ),
    },
    { title: '买家', dataIndex: 'buyerName', width: 70 },
    { title: '售后状态', key: 'status', width: 90, render: (_, a) => <Tag>{a.statusText}</Tag> },
    { title: '退款金额', key: 'refund', width: 100, render: (_, a) => formatFen(a.refundFen) },
    { title: '佣金影响', key: 'effect', width: 200, render: (_, a) => <Effect a={a} /> },
  ];

  return (
    <Panel title={`${meta.name}售后`}>
      {list.isPending ? (
        <Loading />
      ) : list.isError || !data ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : data.list.length === 0 ? (
        <EmptyState text={`您的${meta.name}订单暂无售后`} />
      ) : phone ? (
        <ul className={styles.cardList} data-testid="distribution-after-sales">
          {data.list.map((a) => (
            <li key={a.afterSaleNo} className={styles.rowCard}>
              <div className={styles.rowHead}>
                <span className={styles.muted}>订单 {orderLink(a)}</span>
                <Tag style={{ marginInlineEnd: 0 }}>{a.statusText}</Tag>
              </div>
              <Goods a={a} />
              <div className={styles.kv} style={{ marginTop: 8 }}>
                <span>买家</span>
                <span>{a.buyerName}</span>
              </div>
              <div className={styles.kv}>
                <span>退款金额</span>
                <span>{formatFen(a.refundFen)}</span>
              </div>
              <div className={styles.kv}>
                <span>佣金影响</span>
                <span>
                  <Effect a={a} />
                </span>
              </div>
              <div className={styles.muted}>
                售后单 {a.afterSaleNo} · {formatTime(a.createdAt, 'YYYY-MM-DD HH:mm')}
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <Table
          rowKey="afterSaleNo"
          columns={columns}
          dataSource={data.list}
          pagination={false}
          scroll={{ x: 840 }}
          loading={list.isFetching}
          data-testid="distribution-after-sales"
        />
      )}
      {data ? (
        <Pager
          pageNum={data.pageNum}
          pageSize={AFTER_SALES_PAGE_SIZE}
          total={data.total}
          onChange={(page) => setParams(page > 1 ? { page: String(page) } : {}, { replace: true })}
        />
      ) : null}
    </Panel>
  );
}
