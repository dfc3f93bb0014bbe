import type { AppContext } from '../lib/context.ts';
import { processMetrics } from '../lib/metrics.ts';
import { eraseDueMembers } from './account-cancellation.ts';

export interface CancellationSweeper {
  stop(): Promise<void>;
}

/**
 * Beside the order and points sweepers: every `intervalSeconds` erases the members whose 注销账号
 * cooling-off is over (flows/account-cancellation.ts). Several servers may run it: each erasure is
 * claimed by a conditional update in its own transaction, so a member is erased once.
 */
export function startCancellationSweeper(ctx: AppContext, intervalSeconds: number): CancellationSweeper {
  const every = Math.max(intervalSeconds, 10) * 1000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const tick = () => {
    running = eraseDueMembers(ctx)
      .then(() => processMetrics.sweeperRuns.inc({ sweeper: 'cancellations', result: 'ok' }))
      .catch((err) => {
        processMetrics.sweeperRuns.inc({ sweeper: 'cancellations', result: 'failed' });
        ctx.log.error({ err }, 'cancellation sweep failed');
      })
      .finally(() => {
        running = undefined;
        if (!stopped) timer = setTimeout(tick, every);
      });
  };
  timer = setTimeout(tick, every);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
