import type { AppContext } from '../lib/context.ts';
import { endDue } from '../modules/activities/index.ts';
import { sendDueReminders } from '../modules/activities/index.ts';
import { settleDue } from '../modules/distribution/index.ts';
import { cancelUnpaid, claimDue, completeReceipt } from '../modules/orders/orders.service.ts';
import { settlePaidDueOrders } from '../modules/payments/payments.service.ts';
import { getSetting } from '../modules/site/site.service.ts';

/**
 * The order sweeper: cancels unpaid orders past their pay deadline (stock back) — after asking the
 * payment provider (Alipay, WeChat Pay) of each one the buyer started paying whether the money came
 * after all, its notification lost or late, so a paid order is marked paid instead — and confirms
 * receipt of orders shipped autoReceiveDays ago (站点设置; AUTO_RECEIVE_DAYS in the environment
 * until an operator changes it). Safe with several servers on one database:
 * each order is claimed with FOR UPDATE SKIP LOCKED, and every change is a conditional
 * update on the status, so an order is handled exactly once even if a buyer acts at that moment.
 * Then it ends the activities whose time is up (their unsold 秒杀 units back in the goods' stock)
 * and sends the 秒杀 提醒我 messages that are due (each once), and settles the distribution
 * commissions whose after-sale window (or 推广's settlement days) has passed.
 */
export interface SweepResult {
  /** Unpaid orders past their deadline that the provider, when asked, said were paid. */
  paidOnQuery: number;
  cancelled: number;
  received: number;
  activitiesEnded: number;
  remindersSent: number;
  commissionsSettled: number;
}

/**
 * One order per transaction: cancelling locks the order's SKUs, then its goods (销量), as a checkout
 * does; many orders in one transaction would hold one order's goods while waiting for another's SKUs,
 * and a checkout holding those SKUs and waiting for those goods would deadlock with it.
 */
async function drain(ctx: AppContext, kind: 'unpaid' | 'unreceived'): Promise<number> {
  let handled = 0;
  const autoReceiveDays = await getSetting(ctx, 'autoReceiveDays');
  for (;;) {
    const { claimed, done } = await ctx.db.transaction(async (tx) => {
      const [id] = await claimDue(tx, kind, autoReceiveDays, 1);
      if (id === undefined) return { claimed: false, done: false };
      const changed =
        kind === 'unpaid'
          ? await cancelUnpaid(tx, id, 'system', '超时未付款，系统自动取消')
          : await completeReceipt(tx, id, 'system', `发货 ${autoReceiveDays} 天后系统自动确认收货`);
      return { claimed: true, done: changed };
    });
    // an order claimed but not moved (nothing to do here yet) ends this sweep: the next tick tries again
    if (!claimed || !done) return handled;
    handled++;
  }
}

export async function sweepOnce(ctx: AppContext): Promise<SweepResult> {
  const paidOnQuery = await settlePaidDueOrders(ctx);
  const cancelled = await drain(ctx, 'unpaid');
  const received = await drain(ctx, 'unreceived');
  const activitiesEnded = await endDue(ctx);
  const remindersSent = await sendDueReminders(ctx);
  const commissionsSettled = await settleDue(ctx);
  const result = { paidOnQuery, cancelled, received, activitiesEnded, remindersSent, commissionsSettled };
  if (Object.values(result).some((n) => n > 0)) ctx.log.info(result, 'order sweep');
  return result;
}
