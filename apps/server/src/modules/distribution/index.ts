export { earnForPaidOrder, reverseForRefund, scheduleSettlement, settleDue } from './commissions.ts';
