import { useState } from 'react';
import { Button, Descriptions, Result, Table, Tag, type TableColumnsType } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import {
  Code,
  formatFen,
  ORDER_STATES,
  orderStatusName,
  PAYMENT_METHOD_NAMES,
  type OrderDetail,
  type OrderItem,
  type OrderStatus,
} from '@mall/shared';
import { RequestError } from '../../../lib/request.ts';
import { ApplyAfterSaleModal } from '../../aftersale/components/ApplyAfterSaleModal.tsx';
import { AmountRows } from '../../../components/AmountRows.tsx';
import { GoodsThumb } from '../../../components/GoodsThumb.tsx';
import { Loading, Panel } from '../../../components/Panel.tsx';
import { LoadError } from '../../../components/LoadError.tsx';
import { formatCountdown, formatTime, useSecondsLeft } from '../../../lib/format.ts';
import { useOrderDetail } from '../api/getOrderDetail.ts';
import { useReviewStates } from '../api/reviews.ts';
import { shownOrderActions } from '../lib/afterSale.ts';
import { ItemAfterSale } from '../components/ItemAfterSale.tsx';
import { ItemReview } from '../components/ItemReview.tsx';
import { OrderActions } from '../components/OrderActions.tsx';
import { needsPackages, OrderPackages } from '../components/OrderPackages.tsx';
import { OrderSteps, OrderTimeline } from '../components/OrderProgress.tsx';
import { ReviewModal, type ReviewTarget } from '../components/ReviewModal.tsx';
import { useIsPhone } from '../../../lib/useIsPhone.ts';

function StatusHint({ order }: { order: OrderDetail }) {
  const left = useSecondsLeft(order.payDeadline);
  switch (order.status) {
    case 'PENDING_PAYMENT':
      return <>请在 <b style={{ color: '#d0252b' }}>{formatCountdown(left)}</b> 内付款，超时订单将自动取消</>;
    case 'PENDING_SHIPMENT':
      return <>已付款，商家正在备货，请耐心等待发货</>;
    case 'PENDING_RECEIPT':
      return <>商家已发货，收到商品后请确认收货（发货 10 天后将自动确认收货）</>;
    case 'COMPLETED':
      return <>交易已完成{order.afterSaleDeadline ? `，如有问题可在 ${formatTime(order.afterSaleDeadline, 'YYYY-MM-DD HH:mm')} 前申请售后` : ''}</>;
    case 'CANCELLED':
      return <>{order.cancelReason ?? '订单已取消'}</>;
    case 'CLOSED':
      return <>订单商品已全部退款，交易关闭</>;
    default:
      return unknownStatus(order.status);
  }
}

/** A status added to the shared table without its sentence here is a type error. */
function unknownStatus(status: never): null {
  void status;
  return null;
}

/** What the logistics box says before anything was shipped. */
function noLogistics(status: OrderStatus): string {
  if (status === 'CANCELLED') return '订单已取消';
  if (status === 'CLOSED') return '订单已关闭，无需发货';
  return '暂无物流信息，商家发货后可查看';
}

/** /user/order/orderDetail/:id (the order number): status, progress, address, items, amounts, logistics, actions. */
export default function OrderDetailPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const detail = useOrderDetail(id);
  const [applying, setApplying] = useState<string>();
  const phone = useIsPhone();
  const [reviewTarget, setReviewTarget] = useState<ReviewTarget | null>(null);
  // 评价 / 追评 / 已评价 of each line once the order is completed, asked the way 我的订单 asks.
  const received = detail.data?.status === 'COMPLETED' ? detail.data.items.map((i) => i.id) : [];
  const reviewStates = useReviewStates(received).data;

  if (detail.isLoading) return <Panel title="订单详情"><Loading /></Panel>;
  if (detail.isError || !detail.data) {
    const missing = detail.error instanceof RequestError && detail.error.code === Code.NOT_FOUND;
    return (
      <Panel title="订单详情">
        {missing ? (
          <Result status="404" title="订单不存在" subTitle="该订单不存在或已删除" extra={<Link to="/user/order/myOrder"><Button type="primary">返回我的订单</Button></Link>} />
        ) : (
          <LoadError error={detail.error} onRetry={() => void detail.refetch()} />
        )}
      </Panel>
    );
  }
  const order = detail.data;
  const columns: TableColumnsType<OrderItem> = [
    {
      title: '商品',
      key: 'goods',
      render: (_, i) => (
        <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
          <GoodsThumb src={i.image} alt={i.name} size={64} />
          <div>
            <Link to={`/goodsDetail?id=${i.goodsId}`} style={{ color: '#333' }}>{i.name}</Link>
            {i.specText ? <div style={{ color: '#6b6b6b', fontSize: 12 }}>{i.specText}</div> : null}
            {i.activity ? (
              <Tag color="red" style={{ marginTop: 4 }} data-testid="order-line-activity">
                {i.activity.kindText}
              </Tag>
            ) : null}
            {reviewStates?.[i.id] && reviewStates[i.id] !== 'CLOSED' ? (
              <div style={{ marginTop: 4 }} data-testid="order-detail-review">
                <ItemReview item={i} state={reviewStates[i.id]} onWrite={setReviewTarget} />
              </div>
            ) : null}
          </div>
        </div>
      ),
    },
    { title: '单价', key: 'price', width: 120, render: (_, i) => formatFen(i.unitPrice) },
    { title: '数量', dataIndex: 'quantity', width: 80 },
    { title: '实付', key: 'paid', width: 120, render: (_, i) => formatFen(i.paidShare) },
    {
      title: '售后',
      key: 'afterSale',
      width: 150,
      render: (_, i) => <ItemAfterSale item={i} actions={order.actions} onApply={() => setApplying(i.id)} />,
    },
  ];

  return (
    <div data-testid="order-detail">
      <Panel>
        <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'flex-start', gap: phone ? 12 : 24 }}>
          <div>
            <div style={{ color: '#6b6b6b', fontSize: 13 }}>订单号：{order.orderNo}</div>
            <div style={{ fontSize: 24, fontWeight: 600, color: ORDER_STATES[order.status]?.color ?? '#333', margin: '6px 0' }} data-testid="order-detail-status">
              {orderStatusName(order.status)}
            </div>
            <div style={{ color: '#666' }}>
              <StatusHint order={order} />
            </div>
          </div>
          <OrderActions
            orderNo={order.orderNo}
            actions={shownOrderActions(order)}
            onAfterSale={order.items.length === 1 ? () => setApplying(order.items[0]!.id) : undefined}
            onDeleted={() => void navigate('/user/order/myOrder', { replace: true })}
          />
        </div>
        <div style={{ marginTop: 24 }}>
          <OrderSteps order={order} />
        </div>
      </Panel>
      <div style={{ display: 'grid', gridTemplateColumns: phone ? '1fr' : '1fr 1fr', gap: phone ? 8 : 16 }}>
        <Panel title="收货信息" style={{ marginBottom: 0 }}>
          <Descriptions column={1} size="small">
            <Descriptions.Item label="收货人">{order.address.receiverName}</Descriptions.Item>
            <Descriptions.Item label="手机号">{order.address.mobile}</Descriptions.Item>
            <Descriptions.Item label="收货地址">{order.address.fullAddress}</Descriptions.Item>
            {order.remark ? <Descriptions.Item label="订单备注">{order.remark}</Descriptions.Item> : null}
          </Descriptions>
          <div style={{ marginTop: 12, fontWeight: 600, color: '#333' }}>物流信息</div>
          {needsPackages(order) ? (
            <OrderPackages order={order} />
          ) : order.logistics ? (
            <Descriptions column={1} size="small" style={{ marginTop: 8 }} data-testid="order-logistics">
              <Descriptions.Item label="物流公司">{order.logistics.company}</Descriptions.Item>
              <Descriptions.Item label="物流单号">{order.logistics.trackingNo}</Descriptions.Item>
              <Descriptions.Item label="发货时间">{formatTime(order.logistics.shippedAt)}</Descriptions.Item>
            </Descriptions>
          ) : (
            <div style={{ color: '#6b6b6b', marginTop: 8 }}>{noLogistics(order.status)}</div>
          )}
        </Panel>
        <Panel title="订单进度" style={{ marginBottom: 0 }}>
          <OrderTimeline order={order} />
          <Descriptions column={1} size="small">
            <Descriptions.Item label="下单时间">{formatTime(order.createdAt)}</Descriptions.Item>
            {order.paidAt ? <Descriptions.Item label="付款时间">{formatTime(order.paidAt)}</Descriptions.Item> : null}
            {order.paymentMethod ? <Descriptions.Item label="支付方式">{PAYMENT_METHOD_NAMES[order.paymentMethod] ?? order.paymentMethod}</Descriptions.Item> : null}
          </Descriptions>
        </Panel>
      </div>
      <Panel title="商品信息" style={{ marginTop: 16 }}>
        <Table rowKey="id" columns={columns} dataSource={order.items} pagination={false} scroll={phone ? { x: 640 } : undefined} />
        <div style={{ marginTop: 16 }}>
          <AmountRows
            goodsAmount={order.goodsAmount}
            discount={order.discountAmount - order.pointsDiscount}
            pointsDiscount={order.pointsDiscount}
            discounts={order.discounts}
            freight={order.freight}
            payable={order.paidAmount || order.payableAmount}
            payableLabel={order.paidAmount ? '实付金额' : '应付金额'}
          />
        </div>
      </Panel>
      <ApplyAfterSaleModal orderItemId={applying} onClose={() => setApplying(undefined)} />
      <ReviewModal target={reviewTarget} onClose={() => setReviewTarget(null)} />
    </div>
  );
}
