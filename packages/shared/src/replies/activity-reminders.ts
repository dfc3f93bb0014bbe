/** Replies of 提醒我 (a 秒杀's SMS before it starts) and of the server's clock. */

/** GET /member/activity/remind/mine?activityId=: the member's reminders in one activity. */
export interface ActivityReminders {
  activityId: number;
  /** The activity's SKUs the member asked to be reminded of (sent or still to send). */
  skuIds: number[];
  /** The SMS goes this many minutes before the start (站点设置 remindMinutesBefore). */
  minutesBefore: number;
  /** False when the member withdrew consent to marketing messages (账户安全): no reminder goes out. */
  marketingConsent: boolean;
  now: string;
}

/** POST /member/activity/remind and …/remind/cancel. */
export interface ActivityRemindResult {
  reminded: boolean;
  minutesBefore?: number;
}

/** GET /member/activity/clock/now: the server's time, for countdowns that do not trust the phone's clock. */
export interface ServerNow {
  now: string;
}
