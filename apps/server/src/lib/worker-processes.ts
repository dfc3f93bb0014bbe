import cluster, { type Worker } from 'node:cluster';
import pino, { type Logger } from 'pino';
import { loggerOptions } from './logger.ts';

/**
 * SERVER_PROCESSES > 1: the primary keeps that many workers (node:cluster) serving one port. The
 * primary accepts the connections and hands them to the workers in turn (Node's round-robin policy on
 * Linux); it serves nothing itself. A worker that dies is started again after a pause that doubles
 * while it keeps dying soon after its start; SIGTERM and SIGINT are passed on to every worker, and the
 * primary exits once they all have.
 */
export interface WorkerPlan {
  processes: number;
  /** Each worker its own METRICS_PORT (base + slot), so N workers do not fight over one. */
  metricsPort?: number;
  logLevel: string;
}

/** A worker that lived this long is healthy again: its next restart starts from the shortest pause. */
const HEALTHY_AFTER_MS = 60_000;
const FIRST_PAUSE_MS = 1_000;
const LONGEST_PAUSE_MS = 30_000;
/** How long a worker gets to finish its requests after the signal (its own shutdown allows 10 s). */
const STOP_GRACE_MS = 15_000;

interface Slot {
  index: number;
  worker?: Worker;
  startedAt: number;
  quickDeaths: number;
  restartTimer?: NodeJS.Timeout;
}

export function primaryLogger(level: string): Logger {
  const { stream, ...options } = loggerOptions(level) as { stream?: { write(s: string): void } } & pino.LoggerOptions;
  return stream ? pino(options, stream) : pino(options);
}

/** Forks the workers and looks after them; resolves with the exit code once all have stopped on a signal. */
export function runWorkers(plan: WorkerPlan, log: Logger = primaryLogger(plan.logLevel)): Promise<number> {
  const slots: Slot[] = Array.from({ length: plan.processes }, (_, index) => ({ index, startedAt: 0, quickDeaths: 0 }));
  let stopping: NodeJS.Signals | undefined;
  let failed = false;

  const fork = (slot: Slot) => {
    slot.restartTimer = undefined;
    const env = plan.metricsPort === undefined ? {} : { METRICS_PORT: String(plan.metricsPort + slot.index) };
    const worker = cluster.fork(env);
    slot.worker = worker;
    slot.startedAt = Date.now();
    worker.on('exit', (code, signal) => onExit(slot, worker, code, signal));
  };

  let resolveDone: (code: number) => void;
  const done = new Promise<number>((resolve) => (resolveDone = resolve));

  const onExit = (slot: Slot, worker: Worker, code: number | null, signal: string | null) => {
    if (slot.worker === worker) slot.worker = undefined;
    const workerPid = worker.process.pid;
    if (stopping) {
      // A worker still starting has no handler yet and ends by the signal itself: that is a clean stop too.
      if (code !== 0 && signal !== stopping) failed = true;
      log.info({ workerPid, slot: slot.index + 1, code, signal }, '工作进程已停止 (worker stopped)');
      if (slots.every((s) => !s.worker)) resolveDone(failed ? 1 : 0);
      return;
    }
    slot.quickDeaths = Date.now() - slot.startedAt >= HEALTHY_AFTER_MS ? 1 : slot.quickDeaths + 1;
    const pause = Math.min(LONGEST_PAUSE_MS, FIRST_PAUSE_MS * 2 ** (slot.quickDeaths - 1));
    log.error(
      { workerPid, slot: slot.index + 1, code, signal, restartInMs: pause },
      `工作进程意外退出，${pause / 1000} 秒后重启 (worker died; restarting after a pause)`,
    );
    slot.restartTimer = setTimeout(() => fork(slot), pause);
  };

  cluster.on('listening', (worker, address) => {
    const slot = slots.find((s) => s.worker === worker);
    log.info(
      { workerPid: worker.process.pid, slot: slot ? slot.index + 1 : undefined, port: address.port },
      '工作进程已就绪 (worker listening)',
    );
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = signal;
    log.info({ signal, workers: slots.filter((s) => s.worker).length }, '正在关闭全部工作进程 (stopping every worker)');
    for (const slot of slots) clearTimeout(slot.restartTimer);
    const running = slots.filter((s) => s.worker);
    if (!running.length) return resolveDone(0);
    // Ctrl-C in a terminal has already reached every worker (one process group); a second signal is ignored there.
    for (const slot of running) slot.worker!.process.kill(signal);
    setTimeout(() => {
      for (const slot of slots) {
        if (!slot.worker) continue;
        log.error(
          { workerPid: slot.worker.process.pid },
          '工作进程未能按时退出，强制结束 (worker did not stop in time; killed)',
        );
        slot.worker.process.kill('SIGKILL');
      }
    }, STOP_GRACE_MS).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  log.info({ processes: plan.processes }, `主进程启动 ${plan.processes} 个工作进程 (primary forking workers)`);
  for (const slot of slots) fork(slot);
  return done;
}
