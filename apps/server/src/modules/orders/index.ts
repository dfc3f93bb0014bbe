// What other code may use of the orders module beside its service: the after-sale window, the row types
// subscribers receive, and the request schemas of the console's order routes.
export { afterSaleWindow } from './after-sale-window.ts';
export { type OrderItemRow, type OrderRow } from './orders.repo.ts';
export { opsExportQuery, opsOrderQuery, opsRemarkBody, opsShipBody, orderNoBody, storeOrderNoQuery, storeOrderQuery, type OpsOrderFilter } from './orders.schema.ts';
export { exportFor } from './data-copy.ts';
export { cancellationBlockers, eraseMember } from './member-erasure.ts';
