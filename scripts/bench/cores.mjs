// Which cores the benchmark's processes run on. wrk gets the last core and each server's event-loop
// thread the others, so that the two never share one: left to the scheduler, a run now and then put the
// server and wrk on the same core and stayed so, and every figure of that run read a third to a half lower
// (site/site 19,000 against 35,000 req/s, minutes apart, same code). Only the event loop's thread is held:
// the collector's and libuv's threads stay free to use every core (the whole process held on one core
// made the search's collections wait on its event loop: p99 50–180 ms against 12–53). A server of several
// processes is not held (it needs every core); nor is PostgreSQL. BENCH_PIN=0, a machine of one core, or
// no `taskset` (util-linux) leave everything to the scheduler.
import os from 'node:os';
import { spawnSync } from 'node:child_process';

const cores = os.availableParallelism();
const tasksetAvailable = () => spawnSync('taskset', ['--version'], { stdio: 'ignore' }).error === undefined;
const pinning = process.env.BENCH_PIN !== '0' && cores >= 2 && tasksetAvailable();

const LOAD_CORE = String(cores - 1);
const SERVER_CORES = cores === 2 ? '0' : `0-${cores - 2}`;

/** The command and arguments that run `command` on the load generator's core. */
export function onLoadCore(command, args) {
  return pinning ? ['taskset', ['-c', LOAD_CORE, command, ...args]] : [command, args];
}

/** Holds the main thread of process `pid` (a server's event loop) to the servers' cores. */
export function holdEventLoop(pid) {
  if (pinning) spawnSync('taskset', ['-pc', SERVER_CORES, String(pid)], { stdio: 'ignore' });
}

/** How the run placed its processes, for the report. */
export const placement = pinning
  ? `wrk on core ${LOAD_CORE}, the servers' event loops on ${SERVER_CORES}`
  : 'left to the scheduler';
