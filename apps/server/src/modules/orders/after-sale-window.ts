import type { AppContext } from '../../lib/context.ts';
import { getSetting } from '../site/site.service.ts';

const DAY_MS = 86_400_000;

/**
 * How long after completion a buyer may still apply for an after-sale: the site setting
 * `afterSaleDays` (0 means not after completion). The one reading of it, for the screens' actions
 * and for the after-sale module's check alike.
 */
export interface AfterSaleWindow {
  days: number;
  /** When the window of an order completed at `completedAt` closes. */
  endsAt(completedAt: Date): Date;
  /** Whether an order completed at `completedAt` (null: not completed yet) is still within it at `now`. */
  isOpen(completedAt: Date | null, now?: Date): boolean;
}

export function windowOf(days: number): AfterSaleWindow {
  const endsAt = (completedAt: Date) => new Date(completedAt.getTime() + days * DAY_MS);
  return {
    days,
    endsAt,
    isOpen: (completedAt, now = new Date()) => !completedAt || endsAt(completedAt).getTime() > now.getTime(),
  };
}

export async function afterSaleWindow(ctx: Pick<AppContext, 'db'>): Promise<AfterSaleWindow> {
  return windowOf(await getSetting(ctx, 'afterSaleDays'));
}
