// What other code may use of the coupons module beside its service: its request field.
export { couponIdField } from './coupons.schema.ts';
export { exportFor } from './data-copy.ts';
export { eraseMember } from './member-erasure.ts';
