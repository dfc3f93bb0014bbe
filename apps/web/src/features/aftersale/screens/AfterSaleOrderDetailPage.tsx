import { useState } from 'react';
import { Button, Descriptions, Image, Result, Space, Steps, Tag, Timeline } from 'antd';
import { Link, useParams } from 'react-router';
import {
  AFTERSALE_STATES,
  AFTERSALE_TYPES,
  afterSaleStatusName,
  Code,
  formatFen,
  type AfterSaleDetail,
  type AfterSaleStatus,
  type AfterSaleType,
} from '@mall/shared';
import { RequestError } from '../../../lib/request.ts';
import { GoodsThumb } from '../../../components/GoodsThumb.tsx';
import { Loading, Panel } from '../../../components/Panel.tsx';
import { LoadError } from '../../../components/LoadError.tsx';
import { formatTime } from '../../../lib/format.ts';
import { useWithdrawAfterSale } from '../api/afterSaleActions.ts';
import { useAfterSale } from '../api/getAfterSales.ts';
import { ReturnLogisticsModal } from '../components/ReturnLogisticsModal.tsx';
import { useIsPhone } from '../../../lib/useIsPhone.ts';
import { useFeedback } from '../../../lib/feedback.ts';

/** The sentence under the status; a status added to the shared table without one is a type error. */
const HINTS: Record<AfterSaleStatus, string> = {
  PENDING_REVIEW: '申请已提交，等待商家审核',
  PENDING_BUYER_RETURN: '商家已同意，请将商品寄回并填写退货物流',
  PENDING_MERCHANT_RECEIPT: '退货已寄出，等待商家收货',
  REFUNDING: '商家正在退款，款项将原路退回',
  COMPLETED: '退款已完成，款项已原路退回',
  REJECTED: '商家拒绝了申请',
  WITHDRAWN: '申请已撤销',
};

/** The provider later said a refund's money did not go back (WeChat Pay's ABNORMAL / CLOSED): said instead of 已原路退回. */
const NOT_RETURNED_TEXT = '支付渠道退款未到账，商家正在处理';

/** The statuses a request of each type goes through; any other status ends it early. */
const PATHS: Record<AfterSaleType, readonly AfterSaleStatus[]> = {
  REFUND_ONLY: ['PENDING_REVIEW', 'REFUNDING', 'COMPLETED'],
  RETURN_REFUND: ['PENDING_REVIEW', 'PENDING_BUYER_RETURN', 'PENDING_MERCHANT_RECEIPT', 'REFUNDING', 'COMPLETED'],
};
const STEP_TITLES: Partial<Record<AfterSaleStatus, string>> = {
  PENDING_REVIEW: '提交申请',
  PENDING_BUYER_RETURN: '买家退货',
  PENDING_MERCHANT_RECEIPT: '商家收货',
  REFUNDING: '退款中',
  COMPLETED: '完成',
};

/** The path of the request by its type; the current step follows the status. */
function Progress({ a }: { a: AfterSaleDetail }) {
  const path = PATHS[a.type] ?? PATHS.REFUND_ONLY;
  const ended = !path.includes(a.status);
  const current = ended ? 1 : path.indexOf(a.status);
  const items = ended
    ? [{ title: '提交申请' }, { title: afterSaleStatusName(a.status) }]
    : path.map((s) => ({ title: STEP_TITLES[s] }));
  return <Steps size="small" current={a.status === 'COMPLETED' ? path.length : current} status={ended ? 'error' : undefined} items={items} />;
}

/** /user/order/afterSaleOrderDetail/:id: status, progress, refund, evidence and the buyer's actions. */
export default function AfterSaleOrderDetailPage() {
  const { id } = useParams();
  const { message, modal } = useFeedback();
  const detail = useAfterSale(id);
  const withdraw = useWithdrawAfterSale();
  const [returning, setReturning] = useState(false);
  const phone = useIsPhone();

  if (detail.isLoading) return <Panel title="售后详情"><Loading /></Panel>;
  if (detail.isError || !detail.data) {
    const missing = detail.error instanceof RequestError && (detail.error.code === Code.NOT_FOUND || detail.error.code === Code.BAD_REQUEST);
    return (
      <Panel title="售后详情">
        {missing ? (
          <Result status="404" title="售后单不存在" extra={<Link to="/user/order/afterSaleOrder"><Button type="primary">返回售后订单</Button></Link>} />
        ) : (
          <LoadError error={detail.error} onRetry={() => void detail.refetch()} />
        )}
      </Panel>
    );
  }
  const a = detail.data;
  const events = [...a.timeline].reverse();

  return (
    <div data-testid="after-sale-detail">
      <Panel>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, justifyContent: 'space-between', alignItems: 'flex-start' }}>
          <div>
            <div style={{ color: '#6b6b6b', fontSize: 13 }}>
              售后单号：{a.afterSaleNo}　订单号：<Link to={`/user/order/orderDetail/${a.orderNo}`} style={{ textDecoration: 'underline' }}>{a.orderNo}</Link>
            </div>
            <div style={{ margin: '6px 0' }}>
              <Tag color={AFTERSALE_STATES[a.status]?.color} style={{ fontSize: 18, padding: '4px 12px' }} data-testid="after-sale-detail-status">
                {afterSaleStatusName(a.status)}
              </Tag>
            </div>
            <div style={{ color: '#666' }}>
              {a.refund?.status === 'NOT_RETURNED' ? NOT_RETURNED_TEXT : HINTS[a.status]}
              {a.status === 'REJECTED' && a.rejectReason ? `：${a.rejectReason}` : ''}
            </div>
          </div>
          <Space>
            {a.actions.includes('submitReturn') ? (
              <Button type="primary" onClick={() => setReturning(true)}>
                填写退货物流
              </Button>
            ) : null}
            {a.actions.includes('withdraw') ? (
              <Button
                onClick={() =>
                  modal.confirm({
                    title: '撤销申请',
                    content: '撤销后本次售后申请将关闭，确定撤销吗？',
                    okText: '撤销申请',
                    cancelText: '取消',
                    onOk: () => withdraw.mutateAsync(a.id).then(() => void message.success('售后申请已撤销')),
                  })
                }
              >
                撤销申请
              </Button>
            ) : null}
          </Space>
        </div>
        <div style={{ marginTop: 24 }}>
          <Progress a={a} />
        </div>
      </Panel>
      <div style={{ display: 'grid', gridTemplateColumns: phone ? '1fr' : '3fr 2fr', gap: phone ? 8 : 16 }}>
        <Panel title="申请信息" style={{ marginBottom: 0 }}>
          <div style={{ display: 'flex', gap: 12, alignItems: 'center', marginBottom: 16 }}>
            <GoodsThumb src={a.goods.image} alt={a.goods.name} size={64} />
            <div>
              <div>{a.goods.name}</div>
              <div style={{ color: '#6b6b6b', fontSize: 12 }}>
                {a.goods.specText} {formatFen(a.goods.unitPrice)} × {a.goods.boughtQuantity}
              </div>
            </div>
          </div>
          <Descriptions column={1} size="small">
            <Descriptions.Item label="售后类型">{AFTERSALE_TYPES[a.type] ?? a.typeText}</Descriptions.Item>
            <Descriptions.Item label="申请数量">{a.quantity} 件</Descriptions.Item>
            <Descriptions.Item label="退款金额">
              <span style={{ color: '#d0252b', fontWeight: 600 }} data-testid="after-sale-refund">
                {formatFen(a.refundAmount)}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label="售后原因">{a.reason}</Descriptions.Item>
            <Descriptions.Item label="问题描述">{a.description || '无'}</Descriptions.Item>
            <Descriptions.Item label="申请时间">{formatTime(a.createdAt)}</Descriptions.Item>
            {a.returnLogistics ? (
              <Descriptions.Item label="退货物流">
                {a.returnLogistics.company} {a.returnLogistics.trackingNo}
              </Descriptions.Item>
            ) : null}
            {a.refund ? (
              <Descriptions.Item label="退款记录">
                {a.refund.refundNo} {formatFen(a.refund.amount)}
                {a.refund.status === 'NOT_RETURNED'
                  ? `，${NOT_RETURNED_TEXT}`
                  : a.refund.finishedAt
                    ? `，${formatTime(a.refund.finishedAt)} 已退回`
                    : ''}
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          {a.images.length ? (
            <div style={{ marginTop: 12 }}>
              <div style={{ color: '#666', marginBottom: 8 }}>凭证图片</div>
              <Image.PreviewGroup>
                <Space wrap>
                  {a.images.map((src) => (
                    <Image key={src} src={src} width={88} height={88} style={{ objectFit: 'cover', borderRadius: 6 }} alt="售后凭证" />
                  ))}
                </Space>
              </Image.PreviewGroup>
            </div>
          ) : null}
        </Panel>
        <Panel title="处理进度" style={{ marginBottom: 0 }}>
          <Timeline
            items={events.map((e, i) => ({
              color: i === 0 ? '#a387bc' : 'gray',
              content: (
                <div>
                  <div style={{ color: i === 0 ? '#333' : '#666' }}>
                    {e.title}
                    {e.note ? <span style={{ color: '#6b6b6b' }}>（{e.note}）</span> : null}
                  </div>
                  <div style={{ color: '#6b6b6b', fontSize: 12 }}>{formatTime(e.at)}</div>
                </div>
              ),
            }))}
          />
        </Panel>
      </div>
      <ReturnLogisticsModal id={a.id} open={returning} onClose={() => setReturning(false)} />
    </div>
  );
}
