import { useState } from 'react';
import { Button, Space } from 'antd';
import { Link } from 'react-router';
import { formatFen } from '@mall/shared';
import { useFeedback } from '../../../lib/feedback.ts';
import { formatTime } from '../../../lib/format.ts';
import { useAddToCart } from '../api/addToCart.ts';
import { useClaimCoupon } from '../api/claimCoupon.ts';
import type { AddToCartProposal, ClaimCouponProposal, CouponCardItem } from '../types.ts';
import styles from './assistant.module.css';

const threshold = (fen: number) => (fen > 0 ? `满${formatFen(fen)}可用` : '无门槛');
/** A coupon's face: its amount, or 折扣 for a percentage coupon (whose amount depends on the order). */
const face = (fen: number) => (fen > 0 ? formatFen(fen) : '折扣');

/** Coupons that apply or can be claimed; 领取 asks first, then claims with the shop's own call. */
export function CouponCards({ coupons }: { coupons: CouponCardItem[] }) {
  const { modal, message } = useFeedback();
  const claim = useClaimCoupon();
  const [claimed, setClaimed] = useState<number[]>([]);
  const ask = (c: CouponCardItem) =>
    modal.confirm({
      title: '领取优惠券',
      content: `确认领取「${c.name}」（${c.amountFen > 0 ? `${formatFen(c.amountFen)}，` : ''}${threshold(c.thresholdFen)}）？`,
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
            <span className={styles.price} style={{ fontSize: 18, minWidth: 72 }}>
              {face(c.amountFen)}
            </span>
            <span className={styles.rowMain}>
              <span>{c.name}</span>
              <span className={styles.muted}>
                {threshold(c.thresholdFen)}
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
          {proposal.amountFen > 0 ? <span className={styles.price}>{formatFen(proposal.amountFen)}</span> : null}
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
