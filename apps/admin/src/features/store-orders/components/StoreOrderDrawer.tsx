import { Alert, Button, Descriptions, Drawer, Skeleton, Typography } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import type { StoreOrderDetail } from '@mall/shared';
import { LoadError } from '../../../components/LoadError.tsx';
import { formatFen, formatTime } from '../../../lib/format.ts';
import { useStoreOrderDetail } from '../api/storeOrders.ts';
import type { ShipTarget } from '../../../entities/order/components/ShipModal.tsx';
import { OrderStatusTag } from '../../../components/OrderStatusTag.tsx';
import { LinesTable } from './StoreOrderParts.tsx';
import styles from './store-orders.module.css';

const copyable = (text: string) => ({ text, tooltips: ['复制', '已复制'] as [string, string] });

export const shipTargetOf = (o: StoreOrderDetail): ShipTarget => ({
  orderNo: o.orderNo,
  receiver: `${o.address.receiverName} ${o.address.mobile}`,
  address: o.address.fullAddress,
  afterSaleOpen: o.lines.some((l) => l.openAfterSales > 0),
});

/** 订单详情 of 本店订单: this store's lines, the whole shipping address, this store's shipment. */
export function StoreOrderDrawer({
  orderNo,
  onShip,
  onClose,
}: {
  orderNo: string | null;
  onShip: (t: ShipTarget) => void;
  onClose: () => void;
}) {
  const detail = useStoreOrderDetail(orderNo);
  const o = detail.data;
  return (
    <Drawer
      title="订单详情"
      open={orderNo !== null}
      onClose={onClose}
      size={720}
      destroyOnHidden
      extra={
        o?.canShip ? (
          <Button type="primary" icon={<SendOutlined />} onClick={() => onShip(shipTargetOf(o))}>
            发货
          </Button>
        ) : null
      }
    >
      {detail.isLoading ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : detail.isError || !o ? (
        <LoadError error={detail.error} onRetry={() => void detail.refetch()} />
      ) : (
        <div data-testid="store-order-detail">
          <Descriptions
            column={2}
            size="small"
            styles={{ label: { width: 84, color: 'rgba(0, 0, 0, 0.6)' } }}
            items={[
              {
                key: 'no',
                label: '订单号',
                children: (
                  <Typography.Text className={styles.mono} copyable={copyable(o.orderNo)}>
                    {o.orderNo}
                  </Typography.Text>
                ),
              },
              { key: 's', label: '状态', children: <OrderStatusTag status={o.status} /> },
              { key: 'b', label: '买家', children: o.buyer },
              { key: 'c', label: '下单时间', children: formatTime(o.createdAt) },
              { key: 'p', label: '付款时间', children: o.paidAt ? formatTime(o.paidAt) : '未付款' },
              { key: 'a', label: '本店金额', children: formatFen(o.linesAmount) },
            ]}
          />
          <h4 style={{ margin: '20px 0 8px' }}>收货信息</h4>
          <Descriptions
            column={1}
            size="small"
            bordered
            styles={{ label: { width: 84 } }}
            items={[
              { key: 'r', label: '收货人', children: o.address.receiverName },
              {
                key: 'm',
                label: '手机号',
                children: <Typography.Text copyable={copyable(o.address.mobile)}>{o.address.mobile}</Typography.Text>,
              },
              {
                key: 'ad',
                label: '收货地址',
                children: (
                  <Typography.Text copyable={copyable(o.address.fullAddress)}>{o.address.fullAddress}</Typography.Text>
                ),
              },
            ]}
          />
          {o.remark ? <Alert type="info" showIcon style={{ marginTop: 12 }} title={`买家留言：${o.remark}`} /> : null}
          <h4 style={{ margin: '20px 0 8px' }}>本店商品</h4>
          <LinesTable lines={o.lines} />
          {o.otherLinesCount ? (
            <div className={styles.sub} style={{ marginTop: 8 }}>
              该订单另有 {o.otherLinesCount} 种商品由其他商家发货，不在此显示。
            </div>
          ) : null}
          <h4 style={{ margin: '20px 0 8px' }}>本店物流</h4>
          {o.shipment ? (
            <Descriptions
              column={1}
              size="small"
              bordered
              styles={{ label: { width: 84 } }}
              data-testid="store-shipment"
              items={[
                { key: 'co', label: '快递公司', children: o.shipment.company },
                {
                  key: 'tn',
                  label: '运单号',
                  children: (
                    <Typography.Text className={styles.mono} copyable={copyable(o.shipment.trackingNo)}>
                      {o.shipment.trackingNo}
                    </Typography.Text>
                  ),
                },
                { key: 'at', label: '发货时间', children: formatTime(o.shipment.shippedAt) },
              ]}
            />
          ) : (
            <span className={styles.muted}>{o.canShip ? '待本店发货' : '未发货'}</span>
          )}
        </div>
      )}
    </Drawer>
  );
}
