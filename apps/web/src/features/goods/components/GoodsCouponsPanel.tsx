import type { ReactElement } from 'react';
import { Popover } from 'antd';
import type { ClaimableCoupon } from '@mall/shared';
import { BottomSheet } from '../../../components/phone/BottomSheet.tsx';
import { CouponTicket } from '../../../components/CouponTicket.tsx';
import { useClaimCoupon } from '../../../lib/coupons.ts';
import { CouponClaimButton } from '../../../components/CouponCenter.tsx';

// 领券's coupon list, in a popover (PC) or a bottom sheet (phone): a chunk of its own, so that the goods
// page's first screen shows the chips without antd's Popover, the sheet and the tickets.

function CouponList({ list }: { list: ClaimableCoupon[] }) {
  const { claim, pendingId } = useClaimCoupon();
  return (
    <ul
      style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}
      aria-label="可领优惠券"
      data-testid="goods-coupon-list"
    >
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

interface PanelProps {
  list: ClaimableCoupon[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** PC: the list in a popover under the chips (`children`). */
export function CouponsPopover({ list, open, onOpenChange, children }: PanelProps & { children: ReactElement }) {
  return (
    <Popover
      open={open}
      onOpenChange={onOpenChange}
      trigger="click"
      placement="bottomLeft"
      title="领取优惠券"
      content={
        <div style={{ width: 420, maxHeight: 420, overflowY: 'auto' }}>
          <CouponList list={list} />
        </div>
      }
    >
      {children}
    </Popover>
  );
}

/** Phone: the list in a bottom sheet. */
export function CouponsSheet({ list, open, onOpenChange }: PanelProps) {
  return (
    <BottomSheet open={open} title="领取优惠券" onClose={() => onOpenChange(false)} testId="goods-coupons-sheet">
      <CouponList list={list} />
    </BottomSheet>
  );
}
