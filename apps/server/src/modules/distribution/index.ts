// What the order's subscriber uses of the distribution module: commission earned, reversed, settled.
export { earnForPaidOrder, reverseForRefund, scheduleSettlement, settleDue } from './commissions.ts';
export { cancellationBlockers, eraseMember } from './member-erasure.ts';
