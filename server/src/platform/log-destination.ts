import fs from 'node:fs';

export interface LogDestination {
  /** takes one log line (pino calls it with each line, newline included) */
  write(line: string): boolean;
  /** resolves when every queued line is written, the destination has failed, or `timeoutMs` passed */
  flush(timeoutMs?: number): Promise<void>;
  /** lines dropped: the queue was full, or the destination failed */
  readonly dropped: number;
  /** the write error that ended logging (EPIPE: the reader closed), if any */
  readonly failed: NodeJS.ErrnoException | undefined;
}

/**
 * Log lines to a file descriptor (standard output by default) that never block the main thread or
 * the exit, whatever the reader does:
 * - lines are queued and written by asynchronous writes (a blocking write waits in the thread pool,
 *   not on the main thread; a non-blocking pipe that is full is tried again a little later);
 * - a reader that falls behind only lets the queue grow to `maxQueuedBytes`, past which lines are
 *   dropped and counted;
 * - a reader that has gone (EPIPE) or any other write error ends logging to it: later lines are dropped;
 * - nothing is registered to run at exit: `flush()` before `process.exit` writes what it can in
 *   bounded time, and an exit never waits on the log.
 *
 * Pino's own destination does not give all of these: in synchronous mode a full pipe blocks the
 * main thread, and in asynchronous mode its exit handler retries a failing write for ever.
 */
export function logDestination(fd = 1, { maxQueuedBytes = 16 * 1024 * 1024, retryMs = 50 } = {}): LogDestination {
  let queue: string[] = [];
  let queued = 0;
  /** the bytes of the write in progress (or waiting to be tried again) not yet written */
  let pending: Buffer | undefined;
  let dropped = 0;
  let failed: NodeJS.ErrnoException | undefined;
  const idle = new Set<() => void>();

  const settle = () => {
    if (pending || queue.length) return;
    for (const done of [...idle]) done();
  };

  const fail = (err: NodeJS.ErrnoException) => {
    failed = err;
    dropped += queue.length + (pending ? 1 : 0);
    queue = [];
    queued = 0;
    pending = undefined;
    for (const done of [...idle]) done();
  };

  const pump = () => {
    if (failed || pending) return;
    if (!queue.length) return settle();
    pending = Buffer.from(queue.join(''));
    queue = [];
    queued = 0;
    writePending();
  };

  const writePending = () => {
    const buf = pending!;
    fs.write(fd, buf, 0, buf.length, null, (err, written) => {
      if (failed) return;
      if (err) {
        if (err.code === 'EAGAIN' || err.code === 'EWOULDBLOCK' || err.code === 'EINTR') {
          // a non-blocking pipe that is full: try again later, without keeping the process alive
          setTimeout(writePending, retryMs).unref();
          return;
        }
        return fail(err);
      }
      pending = written < buf.length ? buf.subarray(written) : undefined;
      if (pending) return writePending();
      pump();
    });
  };

  return {
    write(line: string) {
      if (failed) {
        dropped++;
        return true;
      }
      if (queued + line.length > maxQueuedBytes) {
        dropped++;
        return true;
      }
      queue.push(line);
      queued += line.length;
      // lines written in the same tick go out in one write
      if (!pending && queue.length === 1) process.nextTick(pump);
      return true;
    },
    flush(timeoutMs = 1000) {
      if (failed || (!pending && !queue.length)) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          idle.delete(done);
          resolve();
        };
        const timer = setTimeout(done, timeoutMs);
        timer.unref();
        idle.add(done);
        pump();
      });
    },
    get dropped() {
      return dropped;
    },
    get failed() {
      return failed;
    },
  };
}
