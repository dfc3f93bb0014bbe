// What other code may use of the site module beside its service: the delivery rule's type.
export { type DeliveryRule } from './delivery-setting.ts';
