// The engagement module's public face beside its service: the member's favourites and footprints for their data copy.
export { exportFor } from './data-copy.ts';
export { eraseMember } from './member-erasure.ts';
