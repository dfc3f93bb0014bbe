export { opsNoBody } from './aftersale.schema.ts';
