import { useState } from 'react';
import { Button, Modal } from 'antd';
import { CheckCircleFilled, RightOutlined } from '@ant-design/icons';
import { formatFen, type CheckoutCouponOption, type CheckoutCoupons } from '@mall/shared';
import { BottomSheet } from '../../../components/phone/BottomSheet.tsx';
import { CouponTicket } from '../../../components/CouponTicket.tsx';
import { useIsPhone } from '../../../lib/useIsPhone.ts';

function Option({ c, chosen, onChoose }: { c: CheckoutCouponOption; chosen: boolean; onChoose?: () => void }) {
  return (
    <li>
      <CouponTicket
        coupon={c}
        validityText={c.validityText}
        dim={!c.usable}
        selected={chosen}
        testId={c.usable ? 'checkout-coupon-usable' : 'checkout-coupon-unusable'}
        badge={c.expiringSoon ? <span style={{ color: '#a8071a', fontSize: 12 }}>即将过期</span> : null}
        note={
          c.usable ? (
            <span style={{ color: '#a8071a' }}>本单可减 {formatFen(c.discountFen)}</span>
          ) : (
            <span style={{ color: '#ad4e00' }} data-testid="coupon-reason">
              {c.reason}
            </span>
          )
        }
        action={
          c.usable ? (
            chosen ? (
              <span style={{ color: '#a8071a', whiteSpace: 'nowrap' }}>
                <CheckCircleFilled /> 已选
              </span>
            ) : (
              <Button size="small" danger onClick={onChoose} aria-label={`使用 ${c.name}`}>
                使用
              </Button>
            )
          ) : null
        }
      />
    </li>
  );
}

/**
 * The checkout's 优惠券 row: the coupon the quote applied (the server's best unless the buyer chose),
 * and a picker with the usable ones (使用 / 不使用优惠券) and the others with why not. A choice is sent
 * back to the server, which quotes the totals again; nothing is computed here.
 */
export function CouponPicker({
  coupons,
  discount,
  busy,
  onChoose,
}: {
  coupons: CheckoutCoupons;
  /** The quote's coupon discount (fen). */
  discount: number;
  busy: boolean;
  onChoose: (couponId: string | null) => void;
}) {
  const phone = useIsPhone();
  const [open, setOpen] = useState(false);
  const chosen = coupons.usable.find((c) => c.id === coupons.chosenId);
  const choose = (id: string | null) => {
    onChoose(id);
    setOpen(false);
  };
  const summary = chosen ? (
    <span data-testid="checkout-coupon-chosen">
      {chosen.name}（{chosen.ruleText}）<b style={{ color: '#d0252b', marginLeft: 8, whiteSpace: 'nowrap' }}>-{formatFen(discount)}</b>
    </span>
  ) : coupons.usable.length ? (
    <span style={{ color: '#555' }} data-testid="checkout-coupon-chosen">
      {coupons.none ? '不使用优惠券' : '未选择'}（{coupons.usable.length} 张可用）
    </span>
  ) : (
    <span style={{ color: '#555' }} data-testid="checkout-coupon-chosen">
      暂无可用优惠券
    </span>
  );

  const list = (
    <div data-testid="checkout-coupon-list">
      <h3 style={{ fontSize: 14, margin: '0 0 8px' }}>可用优惠券（{coupons.usable.length}）</h3>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
        {coupons.usable.map((c) => (
          <Option key={c.id} c={c} chosen={c.id === coupons.chosenId} onChoose={() => choose(c.id)} />
        ))}
      </ul>
      {coupons.unusable.length ? (
        <>
          <h3 style={{ fontSize: 14, margin: '16px 0 8px' }}>不可用优惠券（{coupons.unusable.length}）</h3>
          <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
            {coupons.unusable.map((c) => (
              <Option key={c.id} c={c} chosen={false} />
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
  const footer = (
    <Button block={phone} onClick={() => choose(null)} disabled={!coupons.chosenId} data-testid="checkout-coupon-none">
      不使用优惠券
    </Button>
  );

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        disabled={busy || coupons.usable.length + coupons.unusable.length === 0}
        data-testid="checkout-coupon-row"
        aria-haspopup="dialog"
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 12,
          width: '100%',
          minHeight: 44,
          background: 'none',
          border: 0,
          padding: 0,
          cursor: 'pointer',
          textAlign: 'left',
          font: 'inherit',
          color: '#333',
        }}
      >
        <span style={{ flex: 'none', color: '#666' }}>优惠券</span>
        <span style={{ flex: 1, minWidth: 0, textAlign: 'right', overflowWrap: 'anywhere' }}>{summary}</span>
        <RightOutlined aria-hidden style={{ color: '#666' }} />
      </button>
      {phone ? (
        <BottomSheet open={open} title="选择优惠券" onClose={() => setOpen(false)} footer={footer} testId="checkout-coupon-sheet">
          {list}
        </BottomSheet>
      ) : (
        <Modal open={open} title="选择优惠券" onCancel={() => setOpen(false)} footer={footer} width={560} destroyOnHidden>
          <div style={{ maxHeight: '60vh', overflowY: 'auto' }}>{list}</div>
        </Modal>
      )}
    </>
  );
}
