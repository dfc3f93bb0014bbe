// The pricing module's public face: the pure pricing pipeline and proration.
export { priceOrder, prorate, type CouponUse, type FreightRule, type PointsUse, type Quote } from './pricing.ts';
