import { useState } from 'react';
import { Popover } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import type { ClaimableCoupon } from '@mall/shared';
import { BottomSheet } from '../../../components/phone/BottomSheet.tsx';
import { CouponTicket } from '../../../components/CouponTicket.tsx';
import { useClaimCoupon, useGoodsCoupons } from '../../../lib/coupons.ts';
import { CouponClaimButton } from './CouponCenter.tsx';
import detailStyles from './detail.module.css';
import phoneStyles from './phone/phone.module.css';

const chip: React.CSSProperties = {
  display: 'inline-block',
  border: '1px solid #c41d2f',
  color: '#a8071a',
  borderRadius: 4,
  padding: '0 6px',
  fontSize: 12,
  lineHeight: '20px',
  whiteSpace: 'nowrap',
};

function CouponList({ list }: { list: ClaimableCoupon[] }) {
  const { claim, pendingId } = useClaimCoupon();
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }} aria-label="可领优惠券" data-testid="goods-coupon-list">
      {list.map((c) => (
        <li key={c.templateId}>
          <CouponTicket
            coupon={c}
            validityText={c.validityText}
            dim={c.state === 'SOLD_OUT'}
            testId="goods-coupon"
            action={<CouponClaimButton coupon={c} claim={claim} pending={pendingId === c.templateId} />}
          />
        </li>
      ))}
    </ul>
  );
}

/**
 * 领券 on goods detail: the coupons on offer that apply to this goods, as chips of their rule; a click
 * opens them (a popover on a PC, a bottom sheet on a phone) to claim in place. Nothing shows when none apply.
 */
export function GoodsCoupons({ goodsId, variant }: { goodsId: number; variant: 'pc' | 'phone' }) {
  const coupons = useGoodsCoupons(goodsId);
  const [open, setOpen] = useState(false);
  const list = coupons.data?.list ?? [];
  if (list.length === 0) return null;
  const chips = list.slice(0, 3).map((c) => (
    <span key={c.templateId} style={chip}>
      {c.ruleText}
    </span>
  ));

  if (variant === 'phone')
    return (
      <>
        <button type="button" className={phoneStyles.cellRow} onClick={() => setOpen(true)} data-testid="goods-coupons-open">
          <span className={phoneStyles.cellLabel}>领券</span>
          <span className={phoneStyles.cellValue} style={{ display: 'flex', gap: 6, overflow: 'hidden' }}>
            {chips}
          </span>
          <RightOutlined aria-hidden style={{ color: '#666' }} />
        </button>
        <BottomSheet open={open} title="领取优惠券" onClose={() => setOpen(false)} testId="goods-coupons-sheet">
          <CouponList list={list} />
        </BottomSheet>
      </>
    );

  return (
    <div className={detailStyles.row} style={{ margin: '8px 0' }}>
      <span className={detailStyles.label}>领券</span>
      <Popover
        open={open}
        onOpenChange={setOpen}
        trigger="click"
        placement="bottomLeft"
        title="领取优惠券"
        content={
          <div style={{ width: 420, maxHeight: 420, overflowY: 'auto' }}>
            <CouponList list={list} />
          </div>
        }
      >
        <button
          type="button"
          data-testid="goods-coupons-open"
          aria-haspopup="dialog"
          style={{ display: 'flex', flexWrap: 'wrap', gap: 6, alignItems: 'center', background: 'none', border: 0, padding: 0, cursor: 'pointer' }}
        >
          {chips}
          <span style={{ color: '#7b5a98', fontSize: 12 }}>领取 ›</span>
        </button>
      </Popover>
    </div>
  );
}
