import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import type { AfterSaleCardItem, CouponCardItem, GoodsCardItem } from '../types.ts';

const confirms = vi.hoisted(() => [] as { title: string; content: string }[]);
vi.mock('../../../lib/request.ts', () => ({ request: { post: vi.fn(async () => null), get: vi.fn(async () => null) } }));
vi.mock('../../../lib/feedback.ts', () => {
  const api = {
    message: { success: vi.fn(), warning: vi.fn(), error: vi.fn(), info: vi.fn() },
    modal: { confirm: (o: { title: string; content: string }) => confirms.push(o) },
  };
  return { useFeedback: () => api, feedback: api };
});

const { GoodsCards } = await import('./GoodsCards.tsx');
const { ConfirmCard, CouponCards } = await import('./OfferCards.tsx');
const { AfterSaleCards } = await import('./TradeCards.tsx');

function show(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
}
afterEach(() => {
  cleanup();
  confirms.length = 0;
});

const nuts: GoodsCardItem = { goodsId: 9, name: '夏威夷果 750g', image: '', priceFen: 5900, marketPriceFen: 7900, stock: 20, sales: 3 };

/** The assistant's cards as the buyer reads them: activity prices named, coupons by their offer, after-sales linked. */
describe('the assistant’s cards', () => {
  it('a goods in a running 秒杀 shows 秒杀价 with the usual price struck through, and leads to the 秒杀', () => {
    const flash = { ...nuts, activityPriceFen: 2900, activity: { kind: 'FLASH_SALE' as const, priceLabel: '秒杀价', activityId: 4, skuId: 31 } };
    show(<GoodsCards goods={[flash]} onAsk={() => {}} first={1} />);
    const card = screen.getByTestId('assistant-goods');
    expect(within(card).getByTestId('assistant-goods-activity')).toHaveTextContent('秒杀价');
    expect(within(card).getByTestId('assistant-goods-price')).toHaveTextContent('¥29.00');
    expect(card.querySelector('del')).toHaveTextContent('¥59.00');
    expect(within(card).getByRole('link', { name: '去抢购：夏威夷果 750g' })).toHaveAttribute('href', '/activityGoodsDetail?activityId=4&skuId=31');
  });

  it('a 限时折扣 is named 限时价 and bought through the cart; a goods in no activity shows its price alone', () => {
    const discounted = { ...nuts, activityPriceFen: 5015, activity: { kind: 'TIME_DISCOUNT' as const, priceLabel: '限时价', activityId: 5, skuId: 32 } };
    show(<GoodsCards goods={[discounted, { ...nuts, goodsId: 10 }]} onAsk={() => {}} first={1} />);
    const [sale, plain] = screen.getAllByTestId('assistant-goods');
    expect(within(sale!).getByTestId('assistant-goods-activity')).toHaveTextContent('限时价');
    expect(within(sale!).queryByRole('link', { name: /去抢购/ })).toBeNull();
    expect(within(plain!).queryByTestId('assistant-goods-activity')).toBeNull();
    expect(within(plain!).getByTestId('assistant-goods-price')).toHaveTextContent('¥59.00');
  });

  it('a 折扣 coupon reads 8.5折，最多减¥20.00 (not ¥0), a 满减 one its amount', () => {
    const base = { thresholdFen: 0, claimable: true, owned: false, endAt: '' };
    const coupons: CouponCardItem[] = [
      { ...base, couponId: 1, name: '全场8.5折券', kind: 'DISCOUNT', amountFen: 0, discountPercent: 85, capFen: 2000 },
      { ...base, couponId: 2, name: '满100减10', kind: 'FULL_REDUCTION', amountFen: 1000, discountPercent: null, capFen: null, thresholdFen: 10000 },
    ];
    show(<CouponCards coupons={coupons} />);
    const [percent, amount] = screen.getAllByTestId('assistant-coupon');
    expect(within(percent!).getByTestId('assistant-coupon-face')).toHaveTextContent('8.5折');
    expect(percent).toHaveTextContent('最多减¥20.00 · 无门槛');
    expect(percent).not.toHaveTextContent('¥0.00');
    expect(within(amount!).getByTestId('assistant-coupon-face')).toHaveTextContent('¥10.00');
    expect(amount).toHaveTextContent('满¥100.00可用');
    within(percent!).getByRole('button', { name: '领取：全场8.5折券' }).click();
    expect(confirms.map((c) => c.content)).toEqual(['确认领取「全场8.5折券」（8.5折，最多减¥20.00，无门槛）？']);
  });

  it('the claim proposal of a 折扣 coupon says its offer', () => {
    show(
      <ConfirmCard
        proposal={{ kind: 'confirm', action: 'claimCoupon', couponId: 1, name: '全场8.5折券', couponKind: 'DISCOUNT', amountFen: 0, discountPercent: 85, capFen: 2000, thresholdFen: 0 }}
      />,
    );
    expect(screen.getByTestId('assistant-confirm')).toHaveTextContent('8.5折，最多减¥20.00，无门槛');
  });

  it('an after-sale links to its own page', () => {
    const item: AfterSaleCardItem = {
      id: 'as-7',
      href: '/user/order/afterSaleOrderDetail/as-7',
      afterSaleNo: 'AS001',
      orderNo: 'NO1',
      statusName: '待审核',
      refundAmountFen: 2500,
      createdAt: '2026-11-20T02:00:00Z',
    };
    show(<AfterSaleCards list={[item]} />);
    expect(screen.getByRole('link', { name: '查看售后：AS001' })).toHaveAttribute('href', '/user/order/afterSaleOrderDetail/as-7');
  });
});
