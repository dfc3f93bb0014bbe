// What other code may use of the real-name module beside its service: the ID number's checks and mask.
export { checkIdNumber, isRealDate, maskIdNumber } from './id-number.ts';
export { eraseMember } from './member-erasure.ts';
