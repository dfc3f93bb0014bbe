import type { ReactNode } from 'react';
import { Button, Card, Descriptions, Drawer, Empty, Image, Skeleton, Space, Tag, Timeline, Typography } from 'antd';
import { Link } from 'react-router';
import { ORDER_STATES, type ConsoleAfterSaleDetail } from '@mall/shared';
import { ConfirmButton } from '../../../components/ConfirmButton.tsx';
import { LoadError } from '../../../components/LoadError.tsx';
import { formatFen, formatTime } from '../../../lib/format.ts';
import { usePermission } from '../../../lib/permission.tsx';
import { useApproveAfterSale } from '../api/approveAfterSale.ts';
import { useAfterSaleDetail } from '../api/getAfterSaleDetail.ts';
import { useReceiveAfterSale } from '../api/receiveAfterSale.ts';
import { useRefundAfterSale } from '../api/refundAfterSale.ts';
import { AfterSaleStatusTag } from './AfterSaleStatusTag.tsx';
import styles from './aftersale.module.css';

const LABELS = { label: { width: 84, color: 'rgba(0, 0, 0, 0.6)' } };
const copyable = (text: string) => ({ text, tooltips: ['复制', '已复制'] as [string, string] });
const REFUND_STATUS_TEXT: Record<string, string> = {
  SUCCESS: '退款成功',
  FAILED: '退款失败',
  NOT_RETURNED: '退款未到账',
};

/** What the shop is asked to do now, in words, beside the buttons that do it. */
const HINTS: Record<string, string> = {
  PENDING_REVIEW: '买家已提交申请，请审核',
  PENDING_BUYER_RETURN: '已同意退货，等待买家寄回商品',
  PENDING_MERCHANT_RECEIPT: '买家已寄回商品，收到后请确认收货（商品退回库存）',
  REFUNDING: '请执行退款，款项将原路退回买家',
  COMPLETED: '售后已完成',
  REJECTED: '已拒绝该申请',
  WITHDRAWN: '买家已撤销申请',
};

function Actions({ a, onReject }: { a: ConsoleAfterSaleDetail; onReject: (no: string) => void }) {
  const approve = useApproveAfterSale();
  const receive = useReceiveAfterSale();
  const refund = useRefundAfterSale();
  const canReview = usePermission('aftersale:review');
  const canRefund = usePermission('refund:execute');
  const can = (x: string) => a.operatorActions.includes(x as never);
  const buttons: ReactNode[] = [];
  if (can('approve') && canReview) {
    buttons.push(
      <ConfirmButton
        key="approve"
        type="primary"
        danger={false}
        title="同意该售后申请？"
        description={
          a.type === 'REFUND_ONLY'
            ? '同意后进入退款中，再执行退款即可退回款项。'
            : '同意后买家将寄回商品，收到后再确认收货并退款。'
        }
        okText="同意"
        onConfirm={() => approve.mutateAsync(a.afterSaleNo)}
      >
        同意
      </ConfirmButton>,
    );
  }
  if (can('reject') && canReview) {
    buttons.push(
      <Button key="reject" danger onClick={() => onReject(a.afterSaleNo)}>
        拒绝
      </Button>,
    );
  }
  if (can('receive') && canReview) {
    buttons.push(
      <ConfirmButton
        key="receive"
        type="primary"
        danger={false}
        title="确认已收到退货？"
        description={`确认后 ${a.quantity} 件「${a.goods.name}」将退回库存，售后进入退款中。`}
        okText="确认收货"
        onConfirm={() => receive.mutateAsync(a.afterSaleNo)}
      >
        确认收到退货
      </ConfirmButton>,
    );
  }
  if (can('refund') && canRefund) {
    buttons.push(
      <ConfirmButton
        key="refund"
        type="primary"
        mode="modal"
        title={`确认退款 ${formatFen(a.refundAmount)}？`}
        description={`将 ${formatFen(a.refundAmount)} 原路退回买家（订单 ${a.orderNo}），退款后不可撤销。`}
        okText="确认退款"
        onConfirm={() => refund.mutateAsync(a.afterSaleNo)}
      >
        退款 {formatFen(a.refundAmount)}
      </ConfirmButton>,
    );
  }
  const waitingOnOthers = a.operatorActions.length > 0 && buttons.length === 0;
  return (
    <div className={styles.actionBar}>
      <span className={styles.actionHint}>
        {HINTS[a.status] ?? a.statusText}
        {waitingOnOthers ? '（您没有处理此步骤的权限）' : ''}
      </span>
      {buttons.length ? <Space>{buttons}</Space> : null}
    </div>
  );
}

function Body({ a, onReject }: { a: ConsoleAfterSaleDetail; onReject: (no: string) => void }) {
  const order = a.order;
  const line = order?.line;
  const orderColor = order ? (ORDER_STATES as Record<string, { color: string }>)[order.status]?.color : undefined;
  return (
    <div className={styles.detail}>
      <div className={styles.detailHead}>
        <div className={styles.detailNo}>
          <Typography.Text copyable={copyable(a.afterSaleNo)}>{a.afterSaleNo}</Typography.Text>
          <AfterSaleStatusTag status={a.status} />
          <Tag>{a.typeText}</Tag>
        </div>
        <span className={styles.muted}>申请于 {formatTime(a.createdAt, 'YYYY-MM-DD HH:mm')}</span>
      </div>
      <Actions a={a} onReject={onReject} />
      <div className={styles.grid}>
        <Card size="small" title="申请信息">
          <Descriptions size="small" column={1} colon={false} styles={LABELS}>
            <Descriptions.Item label="退款金额">
              <span className={styles.refundAmount}>{formatFen(a.refundAmount)}</span>
            </Descriptions.Item>
            <Descriptions.Item label="申请数量">{a.quantity} 件</Descriptions.Item>
            <Descriptions.Item label="申请原因">{a.reason}</Descriptions.Item>
            <Descriptions.Item label="问题描述">
              {a.description ? (
                <div className={styles.quote}>{a.description}</div>
              ) : (
                <span className={styles.muted}>未填写</span>
              )}
            </Descriptions.Item>
            {a.rejectReason ? <Descriptions.Item label="拒绝原因">{a.rejectReason}</Descriptions.Item> : null}
          </Descriptions>
        </Card>
        <Card
          size="small"
          title="订单商品"
          extra={<Link to={`/orders?order=${encodeURIComponent(a.orderNo)}`}>查看订单</Link>}
        >
          <div className={styles.goodsCell} style={{ marginBottom: 12 }}>
            {a.goods.image ? <img className={styles.thumb} src={a.goods.image} alt="" /> : null}
            <div>
              <div className={styles.goodsName}>{a.goods.name}</div>
              <div className={styles.sub}>
                {a.goods.specText || '默认规格'} · {formatFen(a.goods.unitPrice)} × {a.goods.boughtQuantity}
              </div>
            </div>
          </div>
          <Descriptions size="small" column={1} colon={false} styles={LABELS}>
            <Descriptions.Item label="订单号">
              <Typography.Text className={styles.mono} copyable={copyable(a.orderNo)}>
                {a.orderNo}
              </Typography.Text>
            </Descriptions.Item>
            {order ? (
              <Descriptions.Item label="订单状态">
                <Tag color={orderColor} variant="outlined">
                  {order.statusText}
                </Tag>
              </Descriptions.Item>
            ) : null}
            {line ? (
              <Descriptions.Item label="该商品">
                实付 {formatFen(line.paidShare)}
                {line.refundedQuantity ? (
                  <span className={styles.muted}>
                    {' '}
                    · 已退 {line.refundedQuantity} 件 {formatFen(line.refundedAmount)}
                  </span>
                ) : (
                  <span className={styles.muted}> · 尚未退款</span>
                )}
              </Descriptions.Item>
            ) : null}
          </Descriptions>
        </Card>
      </div>
      <Card size="small" title={`买家凭证（${a.images.length} 张）`}>
        {a.images.length ? (
          <Image.PreviewGroup>
            <div className={styles.images}>
              {a.images.map((src) => (
                <Image key={src} src={src} width={96} height={96} alt="买家上传的凭证" />
              ))}
            </div>
          </Image.PreviewGroup>
        ) : (
          <span className={styles.muted}>买家没有上传图片</span>
        )}
      </Card>
      {a.returnLogistics || a.refund ? (
        <div className={styles.grid}>
          {a.returnLogistics ? (
            <Card size="small" title="退货物流">
              <Descriptions size="small" column={1} colon={false} styles={LABELS}>
                <Descriptions.Item label="物流公司">{a.returnLogistics.company}</Descriptions.Item>
                <Descriptions.Item label="物流单号">
                  <Typography.Text className={styles.mono} copyable={copyable(a.returnLogistics.trackingNo ?? '')}>
                    {a.returnLogistics.trackingNo}
                  </Typography.Text>
                </Descriptions.Item>
              </Descriptions>
            </Card>
          ) : null}
          {a.refund ? (
            <Card size="small" title="退款">
              <Descriptions size="small" column={1} colon={false} styles={LABELS}>
                <Descriptions.Item label="退款单号">
                  <span className={styles.mono}>{a.refund.refundNo}</span>
                </Descriptions.Item>
                <Descriptions.Item label="金额">{formatFen(a.refund.amount)}</Descriptions.Item>
                <Descriptions.Item label="状态">{REFUND_STATUS_TEXT[a.refund.status] ?? '处理中'}</Descriptions.Item>
                {a.refund.error && a.refund.status !== 'SUCCESS' ? (
                  <Descriptions.Item label="原因">
                    <Typography.Text type="danger">{a.refund.error}</Typography.Text>
                  </Descriptions.Item>
                ) : null}
                {a.refund.finishedAt ? (
                  <Descriptions.Item label="完成时间">{formatTime(a.refund.finishedAt)}</Descriptions.Item>
                ) : null}
              </Descriptions>
            </Card>
          ) : null}
        </div>
      ) : null}
      <Card size="small" title="处理进度">
        <Timeline
          style={{ paddingTop: 8 }}
          items={[...a.timeline].reverse().map((e, i) => ({
            color: i === 0 ? 'purple' : 'gray',
            content: (
              <div>
                <div>
                  {e.title}
                  {e.note ? <span className={styles.muted}>：{e.note}</span> : null}
                </div>
                <div className={styles.sub}>
                  {formatTime(e.at)} · {e.actor === 'buyer' ? '买家' : '商家'}
                </div>
              </div>
            ),
          }))}
        />
      </Card>
    </div>
  );
}

/** 售后详情: the request, the buyer's pictures, the order line now, and the step the shop is to take. */
export function AfterSaleDetailDrawer({
  afterSaleNo,
  onClose,
  onReject,
}: {
  afterSaleNo: string | null;
  onClose: () => void;
  onReject: (no: string) => void;
}) {
  const detail = useAfterSaleDetail(afterSaleNo);
  let body: ReactNode;
  if (detail.isPending) body = <Skeleton active paragraph={{ rows: 10 }} />;
  else if (detail.isError) body = <LoadError error={detail.error} onRetry={() => void detail.refetch()} />;
  else if (!detail.data) body = <Empty description="售后单不存在" />;
  else body = <Body a={detail.data} onReject={onReject} />;
  return (
    <Drawer title="售后详情" open={Boolean(afterSaleNo)} onClose={onClose} size={880} destroyOnHidden>
      {body}
    </Drawer>
  );
}
