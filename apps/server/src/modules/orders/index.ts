export { afterSaleWindow } from './after-sale-window.ts';
export { type OrderItemRow, type OrderRow } from './orders.repo.ts';
export { opsExportQuery, opsOrderQuery, opsRemarkBody, opsShipBody, orderNoBody, storeOrderNoQuery, storeOrderQuery, type OpsOrderFilter } from './orders.schema.ts';
