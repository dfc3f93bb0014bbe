// What other code may use of the address module beside its service: the GB/T 2260 region lookup.
export { resolveRegion } from './regions.ts';
export { exportFor } from './data-copy.ts';
export { eraseMember } from './member-erasure.ts';
