export { activityGoodsCards, activityWindows } from './activities-buyer.ts';
export { endDue } from './activities-ops.ts';
export { flashLine, refundFlashUnits, returnFlashUnits, soldOut, takeFlashUnits, timeDiscountPrices, type FlashLine } from './activities-trade.ts';
export { listenForMarks, SoldOutMarks, type MarksListener } from './sold-out-marks.ts';
export { sendDueReminders } from './activity-reminders.ts';
export { ACTIVITY_KIND_NAMES } from './activity-rules.ts';
