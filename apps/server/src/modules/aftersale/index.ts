// What other code may use of the after-sales module beside its service: the console routes' request schema.
export { opsNoBody } from './aftersale.schema.ts';
export { exportFor } from './data-copy.ts';
export { cancellationBlockers, eraseMember } from './member-erasure.ts';
