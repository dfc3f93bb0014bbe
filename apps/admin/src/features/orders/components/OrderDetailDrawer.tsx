import type { ReactNode } from 'react';
import {
  Button,
  Card,
  Descriptions,
  Drawer,
  Empty,
  Skeleton,
  Space,
  Table,
  Tag,
  Timeline,
  Tooltip,
  Typography,
} from 'antd';
import { EditOutlined, SendOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import {
  AFTERSALE_STATES,
  type ConsoleAfterSaleBrief,
  type ConsoleOrderDetail,
  type ConsolePayment,
} from '@mall/shared';
import { LoadError } from '../../../components/LoadError.tsx';
import { formatFen, formatTime } from '../../../lib/format.ts';
import { Can } from '../../../lib/permission.tsx';
import { useOrderDetail } from '../api/getOrderDetail.ts';
import { GoodsThumb } from '../../../components/GoodsThumb.tsx';
import { OrderStatusTag } from '../../../components/OrderStatusTag.tsx';
import type { RemarkTarget } from './RemarkModal.tsx';
import type { ShipTarget } from '../../../entities/order/components/ShipModal.tsx';
import styles from './orders.module.css';

type Line = ConsoleOrderDetail['items'][number];

const LABELS = { label: { width: 84, color: 'rgba(0, 0, 0, 0.6)' } };

const copyable = (text: string) => ({ text, tooltips: ['复制', '已复制'] as [string, string] });

function AfterSaleLink({ a }: { a: ConsoleAfterSaleBrief }) {
  const color = (AFTERSALE_STATES as Record<string, { color: string }>)[a.status]?.color;
  return (
    <Space size={4} wrap>
      <Link to={`/aftersales?as=${encodeURIComponent(a.afterSaleNo)}`} className={styles.mono}>
        {a.afterSaleNo}
      </Link>
      <Tag color={color} variant="outlined">
        {a.statusText}
      </Tag>
    </Space>
  );
}

function Lines({ order }: { order: ConsoleOrderDetail }) {
  const columns = [
    {
      title: '商品',
      key: 'goods',
      render: (_: unknown, l: Line) => (
        <div className={styles.goodsCell}>
          <GoodsThumb src={l.image} />
          <div className={styles.goodsText}>
            <div className={styles.goodsName}>
              {l.activity ? (
                <Tooltip title={`活动 #${l.activity.id}，${l.activity.kindText}价优惠 ${formatFen(l.activity.discount)}`}>
                  <Tag color="red" className={styles.lineTag} data-testid="order-line-activity">
                    {l.activity.kindText}
                  </Tag>
                </Tooltip>
              ) : null}
              {l.name}
            </div>
            <div className={styles.sub}>
              {l.specText || '默认规格'} · 商品 {l.goodsId} / 规格 {l.skuId}
            </div>
          </div>
        </div>
      ),
    },
    { title: '单价', dataIndex: 'unitPrice', width: 90, align: 'right' as const, render: (f: number) => formatFen(f) },
    { title: '数量', dataIndex: 'quantity', width: 60, align: 'center' as const },
    {
      title: '已退',
      key: 'refunded',
      width: 110,
      align: 'center' as const,
      render: (_: unknown, l: Line) =>
        l.refundedQuantity ? (
          <Tooltip title={`已退款 ${formatFen(l.refundedAmount)}`}>
            <span>{l.refundedQuantity} 件</span>
          </Tooltip>
        ) : (
          <span className={styles.muted}>—</span>
        ),
    },
    {
      title: '实付分摊',
      dataIndex: 'paidShare',
      width: 100,
      align: 'right' as const,
      render: (f: number) => formatFen(f),
    },
    {
      title: '售后',
      key: 'afterSales',
      width: 230,
      render: (_: unknown, l: Line) =>
        l.afterSales.length ? (
          <Space orientation="vertical" size={2}>
            {l.afterSales.map((a) => (
              <AfterSaleLink key={a.id} a={a} />
            ))}
          </Space>
        ) : (
          <span className={styles.muted}>—</span>
        ),
    },
  ];
  const refunded = order.items.reduce((n, i) => n + i.refundedAmount, 0);
  return (
    <Card size="small" title={`商品（${order.totalQuantity} 件）`}>
      <Table<Line> size="small" rowKey="id" columns={columns} dataSource={order.items} pagination={false} />
      <div className={styles.totals}>
        <span>商品金额 {formatFen(order.goodsAmount)}</span>
        {order.discounts.map((d) => (
          <span key={d.kind} data-testid={`order-discount-${d.kind}`}>
            {d.name} -{formatFen(d.amount)}
          </span>
        ))}
        <span>运费 {formatFen(order.freight)}</span>
        {refunded ? <span>已退款 {formatFen(refunded)}</span> : null}
        <span>
          {order.paidAmount || order.status !== 'PENDING_PAYMENT' ? '实付' : '应付'}{' '}
          <strong>{formatFen(order.paidAmount || order.payableAmount)}</strong>
        </span>
      </div>
    </Card>
  );
}

function Payment({ order }: { order: ConsoleOrderDetail }) {
  const p = order.payment;
  const others = order.payments.filter((x) => x.status === 'REFUND_REQUIRED' || x.status === 'REFUNDED');
  return (
    <Card size="small" title="支付">
      {p ? (
        <Descriptions size="small" column={1} colon={false} styles={LABELS}>
          <Descriptions.Item label="支付方式">{p.providerText}</Descriptions.Item>
          <Descriptions.Item label="支付金额">{formatFen(p.amount)}</Descriptions.Item>
          <Descriptions.Item label="支付时间">{formatTime(p.paidAt)}</Descriptions.Item>
          <Descriptions.Item label="交易号">
            {p.tradeNo ? (
              <Typography.Text className={styles.mono} copyable={copyable(p.tradeNo)}>
                {p.tradeNo}
              </Typography.Text>
            ) : (
              '—'
            )}
          </Descriptions.Item>
        </Descriptions>
      ) : (
        <div className={styles.muted}>{order.status === 'PENDING_PAYMENT' ? '等待买家付款' : '没有成功的支付记录'}</div>
      )}
      {others.map((x: ConsolePayment) => (
        <div key={x.id} className={styles.sub} style={{ marginTop: 8 }}>
          <Tag color={x.status === 'REFUNDED' ? 'green' : 'orange'}>{x.statusText}</Tag>
          {formatFen(x.amount)} · {x.note}
          {x.refundedAt ? ` · ${x.refundedBy} 于 ${formatTime(x.refundedAt, 'YYYY-MM-DD HH:mm')} 登记` : ''}
        </div>
      ))}
    </Card>
  );
}

function Receiver({ order }: { order: ConsoleOrderDetail }) {
  const a = order.address;
  return (
    <Card size="small" title="收货信息">
      <Descriptions size="small" column={1} colon={false} styles={LABELS}>
        <Descriptions.Item label="收货人">{a.receiverName}</Descriptions.Item>
        <Descriptions.Item label="手机号">
          <Typography.Text copyable={copyable(a.mobile)}>{a.mobile}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="收货地址">
          <Typography.Text copyable={copyable(`${a.receiverName} ${a.mobile} ${a.fullAddress}`)}>
            {a.fullAddress}
          </Typography.Text>
        </Descriptions.Item>
        {order.realName ? (
          <Descriptions.Item label="实名信息">
            {order.realName.name} {order.realName.idNumberMasked}
          </Descriptions.Item>
        ) : null}
        <Descriptions.Item label="买家留言">
          {order.remark || <span className={styles.muted}>无</span>}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

function Logistics({ order }: { order: ConsoleOrderDetail }) {
  return (
    <Card size="small" title="物流">
      {order.logistics ? (
        <Descriptions size="small" column={1} colon={false} styles={LABELS}>
          <Descriptions.Item label="物流公司">{order.logistics.company}</Descriptions.Item>
          <Descriptions.Item label="物流单号">
            <Typography.Text className={styles.mono} copyable={copyable(order.logistics.trackingNo)}>
              {order.logistics.trackingNo}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="发货时间">{formatTime(order.shippedAt)}</Descriptions.Item>
        </Descriptions>
      ) : (
        <div className={styles.muted}>{order.canShip ? '待发货' : '未发货'}</div>
      )}
    </Card>
  );
}

function Progress({ order }: { order: ConsoleOrderDetail }) {
  return (
    <Card size="small" title="订单进度">
      <Timeline
        className={styles.timeline}
        items={[...order.timeline].reverse().map((e, i) => ({
          color: i === 0 ? 'purple' : 'gray',
          content: (
            <div>
              <div className={styles.timelineTitle}>
                {e.title}
                {e.note ? <span className={styles.muted}>：{e.note}</span> : null}
              </div>
              <div className={styles.sub}>
                {formatTime(e.at)} · {e.actorText}
              </div>
            </div>
          ),
        }))}
      />
    </Card>
  );
}

function Remark({ order, onRemark }: { order: ConsoleOrderDetail; onRemark: (t: RemarkTarget) => void }) {
  return (
    <Card
      size="small"
      title="运营备注"
      extra={
        <Can permission="order:remark">
          <Button
            size="small"
            type="link"
            icon={<EditOutlined />}
            onClick={() => onRemark({ orderNo: order.orderNo, remark: order.opsRemark })}
          >
            {order.opsRemark ? '修改' : '添加'}
          </Button>
        </Can>
      }
    >
      {order.opsRemark ? (
        <>
          <div className={styles.remarkBox}>{order.opsRemark}</div>
          <div className={styles.sub} style={{ marginTop: 6 }}>
            {order.opsRemarkBy} · {formatTime(order.opsRemarkAt, 'YYYY-MM-DD HH:mm')}
          </div>
        </>
      ) : (
        <div className={styles.muted}>仅运营人员可见，买家看不到</div>
      )}
    </Card>
  );
}

function Body({
  order,
  onShip,
  onRemark,
}: {
  order: ConsoleOrderDetail;
  onShip: (t: ShipTarget) => void;
  onRemark: (t: RemarkTarget) => void;
}) {
  return (
    <div className={styles.detail}>
      <div className={styles.detailHead}>
        <div className={styles.detailNo}>
          <Typography.Text copyable={copyable(order.orderNo)}>{order.orderNo}</Typography.Text>
          <OrderStatusTag status={order.status} />
          {order.afterSaleOpen ? <Tag color="orange">售后中</Tag> : null}
          {order.deletedByBuyer ? <Tag>买家已删除</Tag> : null}
        </div>
        <Space>
          <span className={styles.muted}>下单 {formatTime(order.createdAt, 'YYYY-MM-DD HH:mm')}</span>
          {order.canShip ? (
            <Can permission="order:ship">
              <Button
                type="primary"
                icon={<SendOutlined />}
                onClick={() =>
                  onShip({
                    orderNo: order.orderNo,
                    receiver: `${order.address.receiverName} ${order.address.mobile}`,
                    address: order.address.fullAddress,
                    afterSaleOpen: order.afterSaleOpen,
                  })
                }
              >
                发货
              </Button>
            </Can>
          ) : null}
        </Space>
      </div>
      {order.status === 'CANCELLED' && order.cancelReason ? (
        <div className={styles.sub}>取消原因：{order.cancelReason}</div>
      ) : null}
      <Lines order={order} />
      <div className={styles.grid}>
        <Receiver order={order} />
        <Payment order={order} />
        <Logistics order={order} />
        <Remark order={order} onRemark={onRemark} />
      </div>
      <Progress order={order} />
    </div>
  );
}

/** 订单详情 beside the list: lines, after-sales, receiver (whole mobile, for shipping), payment, logistics, progress. */
export function OrderDetailDrawer({
  orderNo,
  onClose,
  onShip,
  onRemark,
}: {
  orderNo: string | null;
  onClose: () => void;
  onShip: (t: ShipTarget) => void;
  onRemark: (t: RemarkTarget) => void;
}) {
  const detail = useOrderDetail(orderNo);
  let body: ReactNode;
  if (detail.isPending) body = <Skeleton active paragraph={{ rows: 10 }} />;
  else if (detail.isError) body = <LoadError error={detail.error} onRetry={() => void detail.refetch()} />;
  else if (!detail.data) body = <Empty description="订单不存在" />;
  else body = <Body order={detail.data} onShip={onShip} onRemark={onRemark} />;
  return (
    <Drawer title="订单详情" open={Boolean(orderNo)} onClose={onClose} size={960} destroyOnHidden>
      {body}
    </Drawer>
  );
}
