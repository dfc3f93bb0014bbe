import { useState } from 'react';
import { Button, Space, Tabs, Tag, type TableColumnsType } from 'antd';
import { ORDER_STATUSES, orderStatusName, type StoreOrderRow } from '@mall/shared';
import { GoodsThumb } from '../../../components/GoodsThumb.tsx';
import { OrderStatusTag } from '../../../components/OrderStatusTag.tsx';
import { ListSearch } from '../../../components/ListSearch.tsx';
import { QueryTable } from '../../../components/QueryTable.tsx';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { formatFen, formatTime } from '../../../lib/format.ts';
import { serverPagination } from '../../../lib/pagination.ts';
import { useListParams } from '../../../lib/useListParams.ts';
import { useShipStoreOrder, useStoreOrderPage } from '../api/storeOrders.ts';
import { StoreOrderDrawer } from '../components/StoreOrderDrawer.tsx';
import { ShipModal, type ShipTarget } from '../../../entities/order/components/ShipModal.tsx';
import styles from '../components/store-orders.module.css';

const TABS = [{ key: 'ALL', label: '全部' }, ...ORDER_STATUSES.map((s) => ({ key: s, label: orderStatusName(s) }))];
const ORDER_NO = /^[A-Za-z0-9]{1,40}$/;

/** 本店订单: the orders holding this store's goods, by status or order number; 详情 and 发货. */
export default function StoreOrderListPage() {
  const { params, pick, page, update, onPage } = useListParams();
  const status = pick('status', ORDER_STATUSES);
  const typed = params.get('orderNo')?.trim() ?? '';
  const query = { status, orderNo: ORDER_NO.test(typed) ? typed : undefined, ...page };
  const list = useStoreOrderPage(query);
  const [open, setOpen] = useState<string | null>(null);
  const [shipping, setShipping] = useState<ShipTarget | null>(null);
  const ship = useShipStoreOrder();

  const columns: TableColumnsType<StoreOrderRow> = [
    {
      title: '订单',
      key: 'order',
      width: 220,
      render: (_, o) => (
        <div>
          <div className={styles.mono}>{o.orderNo}</div>
          <div className={styles.sub}>下单 {formatTime(o.createdAt, 'YYYY-MM-DD HH:mm')}</div>
          <div className={styles.sub}>买家 {o.buyer}</div>
        </div>
      ),
    },
    {
      title: '本店商品',
      key: 'lines',
      render: (_, o) => (
        <Space orientation="vertical" size={6}>
          {o.lines.map((l) => (
            <div key={l.id} className={styles.goodsCell}>
              <GoodsThumb src={l.image} size={40} />
              <div className={styles.goodsText}>
                <div className={styles.goodsName}>{l.name}</div>
                <div className={styles.sub}>
                  {l.specText || '默认规格'} · {formatFen(l.unitPrice)} × {l.quantity}
                </div>
              </div>
            </div>
          ))}
        </Space>
      ),
    },
    { title: '本店金额', key: 'amount', width: 110, align: 'right', render: (_, o) => formatFen(o.linesAmount) },
    {
      title: '状态',
      key: 'status',
      width: 130,
      render: (_, o) => (
        <Space orientation="vertical" size={4}>
          <OrderStatusTag status={o.status} />
          {o.shipped && o.status === 'PENDING_SHIPMENT' ? <Tag color="#237804">本店已发货</Tag> : null}
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 130,
      render: (_, o) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setOpen(o.orderNo)}>
            详情
          </Button>
          {o.canShip ? (
            <Button type="link" size="small" onClick={() => setOpen(o.orderNo)}>
              发货
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <PageContainer subTitle="买家购买本店商品的订单；买家付款后请及时发货，发货时填写快递公司和运单号，买家立即可以查看物流。">
      <PageContainer.Section>
        <Tabs
          activeKey={status ?? 'ALL'}
          onChange={(key) => update({ status: key === 'ALL' ? undefined : key, page: undefined })}
          items={TABS}
        />
        <div className={styles.toolbar}>
          <ListSearch
            applied={typed}
            onSearch={(words) => update({ orderNo: words, page: undefined })}
            placeholder="订单号"
            aria-label="搜索订单号"
            maxLength={40}
          />
        </div>
        <QueryTable<StoreOrderRow>
          query={list}
          rowKey="orderNo"
          columns={columns}
          onRow={(o) =>
            ({ 'data-testid': 'store-order-row', 'data-order': o.orderNo }) as React.HTMLAttributes<HTMLElement>
          }
          locale={{ emptyText: query.orderNo || status ? '没有符合条件的订单' : '还没有本店订单' }}
          pagination={serverPagination({
            ...page,
            total: list.data?.total,
            totalText: (total) => `共 ${total} 个订单`,
            onChange: onPage,
          })}
        />
      </PageContainer.Section>
      <StoreOrderDrawer orderNo={open} onShip={setShipping} onClose={() => setOpen(null)} />
      <ShipModal
        title="本店发货"
        words={{ carrier: '快递公司', trackingNo: '运单号' }}
        ship={ship}
        target={shipping}
        onClose={() => setShipping(null)}
      />
    </PageContainer>
  );
}
