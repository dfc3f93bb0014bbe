import { useState } from 'react';
import { Button, Space } from 'antd';
import { Link } from 'react-router';
import { couponOfferText, couponThresholdText, formatFen, zheText } from '@mall/shared';
import { useFeedback } from '../../../lib/feedback.ts';
import { formatTime } from '../../../lib/format.ts';
import { useAddToCart } from '../api/addToCart.ts';
import { useClaimCoupon } from '../api/claimCoupon.ts';
import type { AddToCartProposal, ClaimCouponProposal, CouponCardItem, CouponOffer } from '../types.ts';
import styles from './assistant.module.css';

/** A 折扣 coupon (an answer stored before coupons carried their kind shows 折扣 for one of amount 0). */
const isDiscount = (c: CouponOffer) => c.kind === 'DISCOUNT' || (!c.kind && c.amountFen === 0);

/** A coupon's big figure: its amount off, or the share paid (8.5折). */
const face = (c: CouponOffer) => (c.kind === 'DISCOUNT' ? zheText(c.discountPercent ?? 100) : isDiscount(c) ? '折扣' : formatFen(c.amountFen));

/** The small print: 最多减¥20.00 for a 折扣 coupon, then where it may be used. */
const smallPrint = (c: CouponOffer) =>
  `${isDiscount(c) && c.capFen ? `最多减${formatFen(c.capFen)} · ` : ''}${couponThresholdText(c.thresholdFen)}`;

/** The whole offer in words: ¥10.00，满¥100.00可用 / 8.5折，最多减¥20.00，无门槛. */
const offerWords = (c: CouponOffer) => `${isDiscount(c) && !c.kind ? '折扣' : couponOfferText(c)}，${couponThresholdText(c.thresholdFen)}`;

/** Coupons that apply or can be claimed; 领取 asks first, then claims with the shop's own call. */
export function CouponCards({ coupons }: { coupons: CouponCardItem[] }) {
  const { modal, message } = useFeedback();
  const claim = useClaimCoupon();
  const [claimed, setClaimed] = useState<number[]>([]);
  const ask = (c: CouponCardItem) =>
    modal.confirm({
      title: '领取优惠券',
      content: `确认领取「${c.name}」（${offerWords(c)}）？`,
      okText: '确认领取',
      cancelText: '取消',
      onOk: () =>
        claim.mutateAsync(c.couponId).then(
          () => {
            setClaimed((ids) => [...ids, c.couponId]);
            message.success('领取成功');
          },
          () => {},
        ),
    });
  return (
    <ul className={styles.list} aria-label="优惠券">
      {coupons.map((c) => {
        const owned = c.owned || claimed.includes(c.couponId);
        return (
          <li key={c.couponId} className={`${styles.card} ${styles.row}`} data-testid="assistant-coupon">
            <span className={styles.price} style={{ fontSize: 18, minWidth: 72 }} data-testid="assistant-coupon-face">
              {face(c)}
            </span>
            <span className={styles.rowMain}>
              <span>{c.name}</span>
              <span className={styles.muted}>
                {smallPrint(c)}
                {c.endAt ? ` · ${formatTime(c.endAt, 'YYYY-MM-DD')} 到期` : ''}
              </span>
            </span>
            {owned ? (
              <Button size="small" disabled>
                已领取
              </Button>
            ) : c.claimable ? (
              <Button size="small" type="primary" onClick={() => ask(c)} aria-label={`领取：${c.name}`}>
                领取
              </Button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

type Outcome = 'open' | 'done' | 'cancelled';

/**
 * What the assistant proposes to change: nothing happens until the buyer confirms here, and then the
 * shop's ordinary call runs with the buyer's own token.
 */
export function ConfirmCard({ proposal }: { proposal: AddToCartProposal | ClaimCouponProposal }) {
  const [outcome, setOutcome] = useState<Outcome>('open');
  const add = useAddToCart();
  const claim = useClaimCoupon();
  const busy = add.isPending || claim.isPending;
  const confirm = () => {
    const call =
      proposal.action === 'addToCart'
        ? add.mutateAsync({ skuId: proposal.skuId, quantity: proposal.quantity })
        : claim.mutateAsync(proposal.couponId);
    call.then(
      () => setOutcome('done'),
      () => {}, // the request helper has said why
    );
  };
  const cart = proposal.action === 'addToCart';
  return (
    <div className={styles.card} data-testid="assistant-confirm" role="group" aria-label={cart ? '确认加入购物车' : '确认领取优惠券'}>
      <p className={styles.cardTitle}>{cart ? '加入购物车前请确认' : '领取优惠券前请确认'}</p>
      {cart ? (
        <div className={styles.rowMain}>
          <span>{proposal.name}</span>
          <span className={styles.muted}>
            规格：{proposal.skuText} · 数量：{proposal.quantity}
          </span>
          <span className={styles.price}>{formatFen(proposal.priceFen)}</span>
        </div>
      ) : (
        <div className={styles.rowMain}>
          <span>{proposal.name}</span>
          {proposal.couponKind ? (
            <span className={styles.price}>{offerWords({ ...proposal, kind: proposal.couponKind })}</span>
          ) : proposal.amountFen > 0 ? (
            <span className={styles.price}>{formatFen(proposal.amountFen)}</span>
          ) : null}
        </div>
      )}
      <div style={{ marginTop: 10 }}>
        {outcome === 'open' ? (
          <Space>
            <Button type="primary" size="small" loading={busy} onClick={confirm}>
              {cart ? '确认加入' : '确认领取'}
            </Button>
            <Button size="small" disabled={busy} onClick={() => setOutcome('cancelled')}>
              取消
            </Button>
          </Space>
        ) : outcome === 'done' ? (
          <span data-testid="assistant-confirm-done">
            {cart ? (
              <>
                已加入购物车 <Link to="/cart">去购物车</Link>
              </>
            ) : (
              <>
                领取成功 <Link to="/user/member/coupon">我的优惠券</Link>
              </>
            )}
          </span>
        ) : (
          <span className={styles.muted}>已取消</span>
        )}
      </div>
    </div>
  );
}
