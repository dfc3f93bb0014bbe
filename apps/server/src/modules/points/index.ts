// What other code may use of the points module beside its service: the yearly expiry and the spending rules checkout uses.
export { expiredThroughYear } from './points-rules.ts';
export { checkoutOffer, pointsToSpend, redeemForOrder, redeemable, returnForOrder, spendForOrder, type Redeemable } from './points-spending.ts';
export { exportFor } from './data-copy.ts';
export { eraseMember } from './member-erasure.ts';
