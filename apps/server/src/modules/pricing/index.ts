export { priceOrder, prorate, type CouponUse, type FreightRule, type PointsUse, type Quote } from './pricing.ts';
