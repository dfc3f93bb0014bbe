// What other code may use of the activities module beside its service: the 秒杀 and 限时折扣 lines of trade,
// the buyer's activity goods and the activity prices running on goods, the sweeper's and reminders' work,
// and the sold-out marks every process keeps.
export { activityGoodsCards, activityWindows, runningActivitiesForGoods } from './activities-buyer.ts';
export { endDue } from './activities-ops.ts';
export { flashLine, refundFlashUnits, returnFlashUnits, soldOut, takeFlashUnits, timeDiscountPrices, type FlashLine } from './activities-trade.ts';
export { listenForMarks, SoldOutMarks, type MarksListener } from './sold-out-marks.ts';
export { sendDueReminders } from './activity-reminders.ts';
export { ACTIVITY_KIND_NAMES } from './activity-rules.ts';
export { setMarketingConsentCheck } from './marketing-consent.ts';
export { eraseMember } from './member-erasure.ts';
