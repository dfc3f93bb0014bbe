import { useEffect, useState } from 'react';
import { Button, QRCode, Radio, Result, Space } from 'antd';
import {
  AlipayCircleFilled,
  ClockCircleOutlined,
  ExperimentOutlined,
  LoadingOutlined,
  WechatFilled,
} from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Code, formatFen, maskMobile, type OrderStatus } from '@mall/shared';
import { Loading, Panel } from '../../../components/Panel.tsx';
import { LoadError } from '../../../components/LoadError.tsx';
import { formatCountdown, useSecondsLeft } from '../../../lib/format.ts';
import { useOrderDetail } from '../../orders/api/getOrderDetail.ts';
import { orderKeys } from '../../../lib/queryKeys.ts';
import { RequestError } from '../../../lib/request.ts';
import { useCreatePayment, usePayMethods, usePayStatus } from '../api/payment.ts';

const METHOD_ICONS: Record<string, React.ReactNode> = {
  sandbox: <ExperimentOutlined style={{ color: '#7b5a98', fontSize: 20 }} />,
  alipay: <AlipayCircleFilled style={{ color: '#1677ff', fontSize: 20 }} />,
  wechatpay: <WechatFilled style={{ color: '#07c160', fontSize: 20 }} />,
};

/** WeChat Pay Native: the buyer scans the code with WeChat; the page keeps polling until the order is paid. */
function ScanToPay({ codeUrl, amount, onBack }: { codeUrl: string; amount: number; onBack: () => void }) {
  return (
    <div style={{ textAlign: 'center' }} data-testid="payment-qrcode">
      <div style={{ display: 'inline-block', padding: 8, background: '#fff' }}>
        <QRCode value={codeUrl} size={200} bordered={false} aria-label="微信支付二维码" />
      </div>
      <div style={{ color: '#d0252b', fontSize: 22, fontWeight: 600, marginTop: 8 }}>{formatFen(amount)}</div>
      <div style={{ marginTop: 8 }}>
        <WechatFilled style={{ color: '#07c160' }} /> 请使用微信扫一扫完成支付
      </div>
      <div style={{ color: '#666', marginTop: 8 }} data-testid="payment-waiting">
        <LoadingOutlined /> 支付完成后页面会自动跳转
      </div>
      <Button type="link" onClick={onBack} style={{ marginTop: 8 }}>
        选择其他支付方式
      </Button>
    </div>
  );
}

/** Why an order that is not paid cannot be paid any more; null while it waits for payment. */
function notPayable(status: OrderStatus, expired: boolean): { title: string; text: string } | null {
  if (expired) return { title: '订单已取消', text: '订单超时未支付，已自动取消，请重新下单' };
  switch (status) {
    case 'CANCELLED':
      return { title: '订单已取消', text: '该订单已取消，无法继续支付' };
    case 'CLOSED':
      return { title: '订单已关闭', text: '订单商品已全部退款，交易关闭，无法继续支付' };
    default:
      return null;
  }
}

/** The server answered that this member has no such order (unknown or malformed number): retrying cannot help. */
function isUnknownOrder(error: unknown): boolean {
  return error instanceof RequestError && (error.code === Code.NOT_FOUND || error.code === Code.BAD_REQUEST);
}

function NoSuchOrder() {
  return (
    <Panel>
      <Result
        status="warning"
        title="订单不存在"
        subTitle="没有找到这个订单，请在我的订单中查看您的订单"
        data-testid="payment-no-order"
        extra={
          <Link to="/user/order/myOrder">
            <Button type="primary">查看我的订单</Button>
          </Link>
        }
      />
    </Panel>
  );
}

/** /payment?orderNo=: amount, countdown to the automatic cancel, method, and the wait for the notification. */
export default function PaymentPage() {
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? undefined;
  const fromCashier = params.get('from') === 'cashier';
  const navigate = useNavigate();
  const client = useQueryClient();
  const [codeUrl, setCodeUrl] = useState<string>();
  // While a QR code is shown the buyer pays on the phone: poll as fast as after a cashier's return.
  const status = usePayStatus(orderNo, fromCashier || Boolean(codeUrl));
  const order = useOrderDetail(orderNo);
  const methods = usePayMethods();
  const create = useCreatePayment();
  const [method, setMethod] = useState<string>();
  const secondsLeft = useSecondsLeft(status.data?.payDeadline);
  const s = status.data;
  const paid = Boolean(s?.paid);
  const expired = Boolean(s && s.status === 'PENDING_PAYMENT' && secondsLeft === 0);

  // Paid: the order detail shows it a moment later.
  useEffect(() => {
    if (!paid || !orderNo) return;
    void client.invalidateQueries({ queryKey: orderKeys.all });
    const timer = setTimeout(() => void navigate(`/user/order/orderDetail/${orderNo}`, { replace: true }), 2000);
    return () => clearTimeout(timer);
  }, [paid, orderNo, navigate, client]);

  if (!orderNo) {
    return <Panel><Result status="warning" title="缺少订单号" extra={<Link to="/user/order/myOrder"><Button type="primary">查看我的订单</Button></Link>} /></Panel>;
  }
  if (status.isLoading) return <Panel title="收银台"><Loading /></Panel>;
  if (isUnknownOrder(status.error)) return <NoSuchOrder />;
  if (status.isError || !s) return <Panel title="收银台"><LoadError error={status.error} onRetry={() => void status.refetch()} /></Panel>;

  if (paid) {
    return (
      <Panel>
        <Result
          status="success"
          title="支付成功"
          subTitle={`订单 ${s.orderNo} 已付款 ${formatFen(s.amount)}，我们会尽快为您发货。正在前往订单详情…`}
          extra={
            <Link to={`/user/order/orderDetail/${s.orderNo}`}>
              <Button type="primary">查看订单</Button>
            </Link>
          }
        />
      </Panel>
    );
  }
  const ended = notPayable(s.status, expired);
  if (ended) {
    return (
      <Panel>
        <Result
          status="info"
          icon={<ClockCircleOutlined style={{ color: '#6b6b6b' }} />}
          title={ended.title}
          subTitle={ended.text}
          extra={
            <Space>
              <Link to={`/user/order/orderDetail/${s.orderNo}`}>
                <Button>查看订单</Button>
              </Link>
              <Link to="/">
                <Button type="primary">继续购物</Button>
              </Link>
            </Space>
          }
        />
      </Panel>
    );
  }

  const list = methods.data ?? [];
  const chosen = method ?? list[0]?.method;
  const pay = () => {
    if (!chosen) return;
    create.mutate(
      { orderNo, method: chosen },
      {
        onSuccess: (p) => {
          if (p.codeUrl) setCodeUrl(p.codeUrl);
          else if (p.payUrl) window.location.assign(p.payUrl);
        },
      },
    );
  };
  const items = order.data?.items ?? [];

  return (
    <div data-testid="payment-page">
      <Panel>
        <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'flex-start', gap: 16 }}>
          <div>
            <h2 style={{ margin: 0, fontSize: 20 }}>订单提交成功，请尽快付款！</h2>
            <div style={{ color: '#666', marginTop: 8 }}>订单号：{s.orderNo}</div>
            <div style={{ color: '#666', marginTop: 4 }} data-testid="payment-countdown">
              <ClockCircleOutlined /> 请在 <b style={{ color: '#d0252b' }}>{formatCountdown(secondsLeft)}</b> 内完成支付，超时订单将自动取消
            </div>
            {items.length ? (
              <div style={{ color: '#6b6b6b', marginTop: 4, fontSize: 13 }}>
                {items.map((i) => `${i.name} ×${i.quantity}`).join('；')}
              </div>
            ) : null}
            {order.data ? (
              <div style={{ color: '#6b6b6b', marginTop: 4, fontSize: 13 }}>
                收货信息：{order.data.address.fullAddress} {order.data.address.receiverName} {maskMobile(order.data.address.mobile)}
              </div>
            ) : null}
          </div>
          <div style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
            <div style={{ color: '#666' }}>应付金额</div>
            <div style={{ color: '#d0252b', fontSize: 28, fontWeight: 600 }} data-testid="payment-amount">
              {formatFen(s.amount)}
            </div>
          </div>
        </div>
      </Panel>
      {codeUrl ? (
        <Panel title="微信扫码支付">
          <ScanToPay codeUrl={codeUrl} amount={s.amount} onBack={() => setCodeUrl(undefined)} />
        </Panel>
      ) : (
        <Panel title="选择支付方式">
          {methods.isLoading ? (
            <Loading tip="支付方式加载中…" />
          ) : methods.isError ? (
            <LoadError error={methods.error} onRetry={() => void methods.refetch()} />
          ) : (
            <Radio.Group value={chosen} onChange={(e) => setMethod(e.target.value as string)} aria-label="支付方式">
              <Space size={16} wrap>
                {list.map((m) => (
                  <Radio.Button key={m.method} value={m.method} style={{ height: 56, lineHeight: '54px', padding: '0 24px' }}>
                    <Space>
                      {METHOD_ICONS[m.method]}
                      {m.name}
                    </Space>
                  </Radio.Button>
                ))}
              </Space>
            </Radio.Group>
          )}
          {fromCashier ? (
            <div style={{ marginTop: 16, color: '#666' }} data-testid="payment-waiting">
              <LoadingOutlined /> 正在确认支付结果，请稍候…（如已付款，页面会自动跳转）
            </div>
          ) : null}
          <div style={{ marginTop: 24, display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 12 }}>
            <Link to={`/user/order/orderDetail/${s.orderNo}`}>
              <Button size="large">查看订单</Button>
            </Link>
            <Button type="primary" size="large" style={{ minWidth: 140 }} loading={create.isPending} disabled={!chosen} onClick={pay}>
              去支付 {formatFen(s.amount)}
            </Button>
          </div>
        </Panel>
      )}
    </div>
  );
}
