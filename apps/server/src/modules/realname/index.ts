export { checkIdNumber, isRealDate, maskIdNumber } from './id-number.ts';
