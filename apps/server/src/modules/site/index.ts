export { type DeliveryRule } from './delivery-setting.ts';
