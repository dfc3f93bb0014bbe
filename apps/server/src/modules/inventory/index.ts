export { findTradeSkus, type TradeSku } from './sku-reader.ts';
