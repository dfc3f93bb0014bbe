import type { AppContext } from '../lib/context.ts';
import { runCounted, type TimedWorkKind } from './timed-work-kinds.ts';

export interface TimedWorkRunner {
  stop(): Promise<void>;
}

/**
 * The one-process path (PGlite: its data directory is one process's): each kind on a timer of its own,
 * first after `firstSeconds`, then `everySeconds` after the previous run ended, never two at once.
 */
export function startTimers(ctx: AppContext, kinds: TimedWorkKind[]): TimedWorkRunner {
  const timers = kinds.map((kind) => startTimer(ctx, kind));
  ctx.log.info({ kinds: kinds.map((k) => k.queue) }, 'timed work: on timers in this process');
  return { stop: async () => void (await Promise.all(timers.map((t) => t.stop()))) };
}

function startTimer(ctx: AppContext, kind: TimedWorkKind): TimedWorkRunner {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const tick = () => {
    running = runCounted(ctx, kind)
      .catch(() => {}) // logged and counted; the next tick tries again
      .finally(() => {
        running = undefined;
        if (!stopped) timer = setTimeout(tick, kind.everySeconds * 1000);
      });
  };
  timer = setTimeout(tick, kind.firstSeconds * 1000);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
