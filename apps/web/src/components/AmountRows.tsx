import type { ReactNode } from 'react';
import { formatFen, type OrderDiscountPart } from '@mall/shared';

/**
 * 商品金额 / 优惠 / 积分抵扣 / 运费 / 应付 as the server computed them. `discount` is the activity and
 * coupon part; 优惠 and 积分抵扣 show only when they took something off (积分抵扣 with how many points,
 * when known), so no row reads −¥0.00. An order's page passes `discounts`, the server's split by kind
 * (秒杀优惠, 限时折扣, 优惠券, 积分抵扣…): one row each, in place of 优惠 and 积分抵扣.
 */
export function AmountRows({
  goodsAmount,
  discount,
  pointsDiscount = 0,
  pointsUsed,
  freight,
  payable,
  payableLabel = '应付金额',
  extra,
  discounts,
}: {
  goodsAmount: number;
  discount: number;
  pointsDiscount?: number;
  pointsUsed?: number;
  freight: number;
  payable: number;
  payableLabel?: string;
  extra?: ReactNode;
  discounts?: OrderDiscountPart[];
}) {
  const row = (label: string, value: ReactNode, testId?: string) => (
    <div key={testId ?? label} style={{ display: 'flex', justifyContent: 'flex-end', gap: 24, lineHeight: '28px' }}>
      <span style={{ color: '#666' }}>{label}</span>
      <span style={{ minWidth: 110, textAlign: 'right', whiteSpace: 'nowrap' }} data-testid={testId}>
        {value}
      </span>
    </div>
  );
  return (
    <div>
      {row('商品金额：', formatFen(goodsAmount), 'amount-goods')}
      {discounts?.map((d) =>
        row(`${d.name}：`, `-${formatFen(d.amount)}`, d.kind === 'POINTS' ? 'amount-points' : `amount-discount-${d.kind}`),
      )}
      {!discounts && discount > 0 ? row('优惠：', `-${formatFen(discount)}`, 'amount-discount') : null}
      {!discounts && pointsDiscount > 0
        ? row(
            '积分抵扣：',
            <>
              {pointsUsed ? <span style={{ color: '#666', fontSize: 12, marginRight: 8 }}>{pointsUsed} 积分</span> : null}
              {`-${formatFen(pointsDiscount)}`}
            </>,
            'amount-points',
          )
        : null}
      {row('运费：', freight ? `+${formatFen(freight)}` : '免运费', 'amount-freight')}
      {extra}
      <div style={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'baseline', gap: 24, marginTop: 8 }}>
        <span style={{ color: '#333' }}>{payableLabel}：</span>
        <span style={{ minWidth: 110, textAlign: 'right', color: '#d0252b', fontSize: 24, fontWeight: 600 }} data-testid="amount-payable">
          {formatFen(payable)}
        </span>
      </div>
    </div>
  );
}
