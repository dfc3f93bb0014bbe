import { Link, useSearchParams } from 'react-router';
import { formatFen } from '@mall/shared';
import { CouponTicket } from '../../../components/CouponTicket.tsx';
import { Crumbs } from '../../../components/Crumbs.tsx';
import { LoadError } from '../../../components/LoadError.tsx';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { useCouponGoodsInfo } from '../../../lib/coupons.ts';
import { useIsPhone } from '../../../lib/useIsPhone.ts';
import { CouponCenter } from '../../../components/CouponCenter.tsx';
import { CouponGoodsResults } from '../components/CouponGoodsResults.tsx';

/** A member coupon's id as the address may carry it (the server checks it is the buyer's). */
const COUPON_ID = /^[A-Za-z0-9_-]{1,64}$/;

function CouponGoods({ couponId }: { couponId: string }) {
  const info = useCouponGoodsInfo(couponId);
  if (info.isPending) return <PageLoading />;
  if (info.isError)
    return (
      <Panel title="优惠券商品">
        <LoadError error={info.error} onRetry={() => void info.refetch()} />
      </Panel>
    );
  const { coupon, scope, cart } = info.data;
  const ready = cart.shortFen === 0 && cart.discountFen > 0;
  const scopeWords =
    scope.type === 'CATEGORIES' && scope.categories.length
      ? `适用分类：${scope.categories.map((c) => c.name).join('、')}`
      : scope.type === 'GOODS'
        ? `适用于以下 ${scope.goodsIds.length} 件商品`
        : '全场商品可用';
  return (
    <>
      <Panel title="优惠券可用商品">
        <CouponTicket coupon={coupon} validityText={coupon.validityText} dim={coupon.status !== 'UNUSED'} testId="coupon-goods-ticket" />
        <div style={{ marginTop: 12, display: 'flex', flexWrap: 'wrap', gap: '8px 16px', alignItems: 'center' }}>
          <span style={{ color: '#333' }} data-testid="coupon-goods-rule">
            使用规则：{coupon.ruleText}，{scopeWords}
          </span>
          {coupon.status === 'UNUSED' && coupon.notStarted ? (
            <span data-testid="coupon-cart-hint" style={{ color: '#7b5a98' }}>
              该券{coupon.startText ?? '未到使用时间'}，可先挑选适用商品
            </span>
          ) : coupon.status === 'UNUSED' ? (
            <span data-testid="coupon-cart-hint" style={{ color: ready ? '#237804' : '#a8071a' }}>
              购物车已选适用商品 {formatFen(cart.inScopeAmount)}，{cart.hint}
              {ready ? `（可减 ${formatFen(cart.discountFen)}）` : ''}
            </span>
          ) : (
            <span style={{ color: '#555' }}>该券{coupon.statusText}</span>
          )}
          <Link to="/cart" style={{ color: '#7b5a98', textDecoration: 'underline' }}>
            {ready ? '去结算' : '去购物车'}
          </Link>
        </div>
      </Panel>
      <Panel>
        <CouponGoodsResults couponId={couponId} scope={scope} />
      </Panel>
    </>
  );
}

/**
 * /couponGoodsList: with `couponId` (去使用 from 我的优惠券) the coupon's rule, how far the cart is from
 * using it and the goods it applies to; without it the 领券中心, open to visitors (claiming asks them to
 * sign in).
 */
export default function CouponGoodsListPage() {
  const [search] = useSearchParams();
  const phone = useIsPhone();
  const raw = search.get('couponId');
  const couponId = raw && COUPON_ID.test(raw) ? raw : null;
  return (
    <div style={{ maxWidth: '100%', overflowX: 'hidden' }}>
      {phone ? null : (
        <div style={{ margin: '12px 0' }}>
          <Crumbs items={[<Link to="/">首页</Link>, <Link to="/user/member/coupon">我的优惠券</Link>, raw ? '优惠券商品' : '领券中心']} />
        </div>
      )}
      {raw && !couponId ? (
        <Panel title="优惠券商品">
          <LoadError title="优惠券不存在" message="链接中的优惠券编号不正确，请从我的优惠券进入" />
        </Panel>
      ) : couponId ? (
        <CouponGoods couponId={couponId} />
      ) : (
        <Panel
          title={<span data-testid="coupon-center-title">领券中心</span>}
          extra={
            <Link to="/user/member/coupon" style={{ color: '#7b5a98' }}>
              我的优惠券 ›
            </Link>
          }
        >
          <CouponCenter />
        </Panel>
      )}
    </div>
  );
}
