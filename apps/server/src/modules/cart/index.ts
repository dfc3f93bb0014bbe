export { cartItemIds, quantityField, skuIdField } from './cart.schema.ts';
