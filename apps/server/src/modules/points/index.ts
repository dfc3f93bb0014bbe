export { expiredThroughYear } from './points-rules.ts';
export { checkoutOffer, pointsToSpend, redeemForOrder, redeemable, returnForOrder, spendForOrder, type Redeemable } from './points-spending.ts';
