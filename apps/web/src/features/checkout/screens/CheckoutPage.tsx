import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Input, Radio, Result, Space } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Code, formatFen, maskMobile } from '@mall/shared';
import { useRealNames } from '../../../lib/realNames.ts';
import { RequestError } from '../../../lib/request.ts';
import { useAddresses } from '../../address/api/getAddresses.ts';
import { RealNameModal } from '../../member/components/RealNameModal.tsx';
import { Loading, Panel } from '../../../components/Panel.tsx';
import { LoadError } from '../../../components/LoadError.tsx';
import { newIdempotencyKey } from '../lib/idempotencyKey.ts';
import { useQuote, type CouponChoice } from '../api/quoteCheckout.ts';
import { useSubmitCheckout } from '../api/submitCheckout.ts';
import { AddressPicker } from '../components/AddressPicker.tsx';
import { CouponPicker } from '../components/CouponPicker.tsx';
import { PointsRow } from '../components/PointsRow.tsx';
import { RedemptionPoints } from '../components/RedemptionPoints.tsx';
import { AmountRows } from '../../../components/AmountRows.tsx';
import { QuoteItems } from '../components/QuoteItems.tsx';
import { StickyBar } from '../../../components/phone/StickyBar.tsx';
import { useIsPhone } from '../../../lib/useIsPhone.ts';
import { useFeedback } from '../../../lib/feedback.ts';
import { useSiteConfig } from '../../../lib/siteConfig.ts';
import { sourceFromQuery } from '../types.ts';

const POINTS_REFUSED: readonly number[] = [Code.POINTS_INSUFFICIENT, Code.POINTS_OVER_CAP];

/**
 * /checkout?cartItemIds=… or ?skuId=&quantity=: address, goods, remark, coupon, 积分抵扣 and the
 * server's amounts. ?mallId=&quantity= redeems a points-mall goods (确认兑换): its price in points
 * (+ cash), the member's points before and after, no coupon and no 积分抵扣.
 */
export default function CheckoutPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const source = useMemo(() => sourceFromQuery(params), [params]);
  const [chosenAddress, setChosenAddress] = useState<string>();
  const [remark, setRemark] = useState('');
  const [realNameId, setRealNameId] = useState<string>();
  const [submitError, setSubmitError] = useState<string>();
  const [addingRealName, setAddingRealName] = useState(false);
  // One key for the page's life: a double click or a retried request makes one order.
  const [idempotencyKey] = useState(newIdempotencyKey);

  // 优惠券: undefined = the server's best, null = 不使用优惠券, else the buyer's pick.
  const [coupon, setCoupon] = useState<CouponChoice>();
  // 积分抵扣: how many points to spend (0: none); the quote's most usable when the buyer ticks 使用.
  const [points, setPoints] = useState(0);
  const { message } = useFeedback();
  const redeeming = Boolean(source && 'pointsMall' in source);
  const siteName = useSiteConfig().data?.siteName;

  const addresses = useAddresses();
  const quote = useQuote(source, { addressId: chosenAddress, couponId: coupon, points });
  // A picked coupon that can no longer be used (taken by another order, just expired): back to the server's best.
  const couponRefused = coupon && quote.error instanceof RequestError && (quote.error.code === Code.COUPON_UNUSABLE || quote.error.code === Code.COUPON_TAKEN);
  useEffect(() => {
    if (!couponRefused) return;
    message.error(quote.error?.message || '该优惠券不能用于本订单');
    setCoupon(undefined);
    setPoints(0);
  }, [couponRefused, quote.error, message]);
  // Points spent elsewhere meanwhile, or a cap that moved: drop 积分抵扣 and say why.
  const pointsRefused = points > 0 && quote.error instanceof RequestError && POINTS_REFUSED.includes(quote.error.code ?? 0);
  useEffect(() => {
    if (!pointsRefused) return;
    message.error(quote.error?.message || '积分不足');
    setPoints(0);
  }, [pointsRefused, quote.error, message]);
  // The most usable points depend on the coupon: a new coupon choice drops the points choice (JD does the same).
  const chooseCoupon = (id: CouponChoice) => {
    setCoupon(id);
    setPoints(0);
  };
  useEffect(() => {
    if (redeeming && siteName) document.title = `确认兑换 - ${siteName}`;
  }, [redeeming, siteName]);
  const needsRealName = Boolean(quote.data?.needsRealName);
  const realNames = useRealNames(needsRealName);
  const submit = useSubmitCheckout();
  const phone = useIsPhone();
  const panel = phone ? { padding: 12, marginBottom: 8 } : undefined;

  if (!source) {
    return (
      <Panel>
        <Result status="warning" title="没有要结算的商品" subTitle="请从购物车选择商品，或在商品页点击立即购买" extra={<Link to="/cart"><Button type="primary">返回购物车</Button></Link>} />
      </Panel>
    );
  }
  const pageTitle = redeeming ? '确认兑换' : '确认订单';
  // A refused coupon or points choice is dropped by the effects above and quoted again: no refusal page meanwhile.
  if (quote.isLoading || addresses.isLoading || couponRefused || pointsRefused) return <Panel title={pageTitle}><Loading /></Panel>;
  if (quote.isError && !quote.data) {
    const refused = quote.error instanceof RequestError && quote.error.code !== undefined;
    const mallId = 'pointsMall' in source ? source.pointsMall.id : undefined;
    return (
      <Panel title={pageTitle}>
        {refused ? (
          <Result
            status="warning"
            title={redeeming ? '无法兑换' : '无法结算'}
            subTitle={<span data-testid="checkout-refusal">{quote.error.message}</span>}
            extra={
              mallId ? (
                <Space wrap>
                  <Link to={`/points/mallDetail?id=${mallId}`}><Button type="primary">返回积分商品</Button></Link>
                  <Link to="/points"><Button>去赚积分</Button></Link>
                </Space>
              ) : (
                <Space>
                  <Link to="/cart"><Button type="primary">返回购物车</Button></Link>
                  <Link to="/"><Button>去逛逛</Button></Link>
                </Space>
              )
            }
          />
        ) : (
          <LoadError error={quote.error} onRetry={() => void quote.refetch()} />
        )}
      </Panel>
    );
  }
  if (addresses.isError) return <Panel title="确认订单"><LoadError error={addresses.error} onRetry={() => void addresses.refetch()} /></Panel>;

  const q = quote.data!;
  const list = addresses.data ?? [];
  const addressId = chosenAddress ?? q.address?.id ?? list.find((a) => a.isDefault)?.id;
  const address = list.find((a) => a.id === addressId) ?? q.address;
  const records = realNames.data ?? [];
  const realName = realNameId ?? records.find((r) => r.isDefault)?.id ?? records[0]?.id;
  const discount = q.activityDiscount + q.couponDiscount;
  const redemption = q.redemption;
  const pointsShort = redemption ? redemption.points - q.points.balance : 0;
  // Why 提交订单 cannot be pressed yet, said beside it.
  const blocker = !addressId
    ? '请先添加收货地址'
    : needsRealName && !realName && !realNames.isLoading
      ? '请先添加订购人实名信息'
      : pointsShort > 0
        ? `积分不足，还差 ${pointsShort} 积分`
        : undefined;

  const note = blocker ? (
    <span style={{ color: '#d0252b' }} data-testid="checkout-blocker">
      {blocker}
    </span>
  ) : redemption && q.payableAmount === 0 ? (
    <span style={{ color: '#6b6b6b' }}>提交后将扣除 {q.points.used} 积分，无需另付款</span>
  ) : (
    <span style={{ color: '#6b6b6b' }}>
      提交后请在 {q.payMinutes} 分钟内付款，超时订单将自动取消{redemption ? '并退回积分' : ''}
    </span>
  );
  const submitButton = (
    <Button
      type="primary"
      size="large"
      shape={phone ? 'round' : undefined}
      style={{ minWidth: phone ? 112 : 140 }}
      loading={submit.isPending}
      disabled={submit.isPending || submit.isSuccess || Boolean(blocker) || quote.isFetching || (needsRealName && realNames.isLoading)}
      onClick={() => onSubmit()}
    >
      {redeeming ? '确认兑换' : '提交订单'}
    </Button>
  );

  const onSubmit = () => {
    setSubmitError(undefined);
    if (!addressId) return setSubmitError('请选择收货地址');
    submit.mutate(
      {
        source,
        addressId,
        remark: remark.trim() || undefined,
        couponId: q.coupons.chosenId,
        points: q.points.used,
        realNameId: needsRealName ? realName : undefined,
        idempotencyKey,
      },
      {
        onSuccess: (order) => {
          if (order.status === 'PENDING_PAYMENT') return void navigate(`/payment?orderNo=${order.orderNo}`, { replace: true });
          // Nothing to pay (points only, no freight): the order is paid at once.
          void message.success(redeeming ? '兑换成功' : '下单成功');
          void navigate(`/user/order/orderDetail/${order.orderNo}`, { replace: true });
        },
        onError: (err) => {
          setSubmitError(err.message || '订单提交失败，请重试');
          // Stock or prices may have moved: show today's.
          void quote.refetch();
        },
      },
    );
  };

  return (
    <div data-testid="checkout-page">
      <Panel title="收货地址" style={panel}>
        <AddressPicker addresses={list} selectedId={addressId} onSelect={setChosenAddress} />
      </Panel>
      {needsRealName ? (
        <Panel title="实名信息" style={panel}>
          <Alert type="info" showIcon title={q.realNameHint ?? '订单含跨境商品，需要订购人实名信息'} style={{ marginBottom: 12 }} />
          {realNames.isLoading ? (
            <Loading tip="实名信息加载中…" />
          ) : records.length ? (
            <Radio.Group value={realName} onChange={(e) => setRealNameId(e.target.value as string)}>
              <Space direction="vertical">
                {records.map((r) => (
                  <Radio key={r.id} value={r.id}>
                    {r.name}（{r.idNumberMasked}）
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          ) : (
            <span>
              还没有实名信息，
              <Button type="link" style={{ padding: 0 }} onClick={() => setAddingRealName(true)}>
                添加实名信息
              </Button>
            </span>
          )}
          {addingRealName ? <RealNameModal record={null} onClose={() => setAddingRealName(false)} onSaved={(r) => setRealNameId(r.id)} /> : null}
        </Panel>
      ) : null}
      <Panel title={redemption ? '确认兑换' : `商品清单（共 ${q.totalQuantity} 件）`} style={panel}>
        <QuoteItems items={q.items} redemption={redemption} />
        <div style={{ marginTop: 16 }}>
          <Input.TextArea
            placeholder="订单备注（选填），如配送时间、特殊要求"
            aria-label="订单备注"
            maxLength={200}
            showCount
            rows={2}
            value={remark}
            onChange={(e) => setRemark(e.target.value)}
          />
        </div>
      </Panel>
      <Panel style={panel}>
        <div style={{ borderBottom: '1px solid #f0f0f0', marginBottom: 12 }}>
          {redemption ? (
            <RedemptionPoints points={q.points} redemption={redemption} />
          ) : (
            <>
              <CouponPicker coupons={q.coupons} discount={q.couponDiscount} busy={quote.isFetching} onChoose={chooseCoupon} />
              <div style={{ borderTop: '1px solid #f0f0f0' }}>
                <PointsRow points={q.points} using={points > 0} busy={quote.isFetching} onChange={(use) => setPoints(use ? q.points.maxUsable : 0)} />
              </div>
            </>
          )}
        </div>
        <AmountRows
          goodsAmount={q.goodsAmount}
          discount={discount}
          pointsDiscount={q.pointsDiscount}
          pointsUsed={q.points.used}
          freight={q.freight}
          payable={q.payableAmount}
          payableLabel="应付"
          // Points pay like money (积分抵扣 and 积分兑换 alike): the threshold reads the goods before them.
          extra={
            q.freight > 0 ? (
              <div style={{ textAlign: 'right', color: '#6b6b6b', fontSize: 12 }}>
                满 {formatFen(q.freightRule.freeFromFen)} 免运费，还差 {formatFen(Math.max(0, q.freightRule.freeFromFen - q.goodsAmount + discount))}
              </div>
            ) : null
          }
        />
        {address ? (
          <div style={{ textAlign: 'right', color: '#666', marginTop: 12 }} data-testid="checkout-ship-to">
            寄送至：{address.fullAddress}　收货人：{address.receiverName} {maskMobile(address.mobile)}
          </div>
        ) : null}
        {submitError ? <Alert type="error" showIcon title={submitError} style={{ marginTop: 12 }} data-testid="checkout-error" /> : null}
      </Panel>
      {/* At both widths the action stays on screen however long the page (a long address list, 确认兑换's notes). */}
      <StickyBar label={redeeming ? '确认兑换栏' : '提交订单栏'}>
        {phone ? (
          <div style={{ flex: 1, minWidth: 0, lineHeight: 1.3 }}>
            <div>
              应付 <b style={{ color: '#d0252b', fontSize: 18 }}>{formatFen(q.payableAmount)}</b>
            </div>
            <div style={{ fontSize: 12 }}>{note}</div>
          </div>
        ) : (
          <div style={{ flex: 1, minWidth: 0, display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 16, flexWrap: 'wrap' }}>
            {note}
            <span>
              应付 <b style={{ color: '#d0252b', fontSize: 20 }}>{formatFen(q.payableAmount)}</b>
            </span>
          </div>
        )}
        {submitButton}
      </StickyBar>
    </div>
  );
}
