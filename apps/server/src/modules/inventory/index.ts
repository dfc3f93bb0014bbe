// What other code may use of the inventory module beside its service: the SKU reads of trade.
export { findTradeSkus, type TradeSku } from './sku-reader.ts';
