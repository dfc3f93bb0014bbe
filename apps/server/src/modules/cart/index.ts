// What other code may use of the cart module beside its service: its request fields, which checkout's schema shares.
export { cartItemIds, quantityField, skuIdField } from './cart.schema.ts';
export { eraseMember } from './member-erasure.ts';
