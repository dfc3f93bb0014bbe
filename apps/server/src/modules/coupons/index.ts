export { couponIdField } from './coupons.schema.ts';
