import { Worker } from 'node:worker_threads';

/** How long after the deadline the watchdog thread waits for the exit before it kills the process. */
export const WATCHDOG_MARGIN_MS = 1000;

/**
 * A hard deadline for a process that is shutting down: `ms` from now it exits with code 1 whatever
 * is still running. Two guards, neither of which holds a clean exit back:
 *
 * - a timer on the main thread (unref'd) that runs `onExpire` and calls `process.exit(1)`;
 * - a watchdog thread (unref'd) that kills the process `WATCHDOG_MARGIN_MS` later. A timer cannot
 *   fire while the main thread is blocked — in a synchronous write to a log pipe nobody reads, or
 *   in an exit handler that retries such a write for ever — and a second thread can still end it.
 *
 * Arming it twice keeps the first deadline.
 */
export function armExitDeadline(ms: number, onExpire?: () => void): void {
  if (armed) return;
  armed = true;
  const timer = setTimeout(() => {
    try {
      onExpire?.();
    } finally {
      process.exit(1);
    }
  }, ms);
  timer.unref();
  try {
    const watchdog = new Worker(
      `const { workerData } = require('node:worker_threads');
       setTimeout(() => process.kill(workerData.pid, 'SIGKILL'), workerData.ms);`,
      { eval: true, workerData: { pid: process.pid, ms: ms + WATCHDOG_MARGIN_MS }, stdout: true, stderr: true },
    );
    watchdog.unref();
    // a thread that cannot start (out of memory, say) leaves the main-thread timer as the only guard
    watchdog.on('error', () => {});
  } catch {
    // as above
  }
}
let armed = false;
