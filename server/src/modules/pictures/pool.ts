import { MediaError } from '../../platform/media';

/**
 * A fixed number of slots for picture jobs, with a bounded queue (more are refused as busy) and a
 * wall-time limit per job, as the media pool of uploads has (platform/media.ts). A job past its
 * deadline is answered at once but keeps its slot until its tools have stopped (they are killed at
 * the same deadline), so the pool stays bounded.
 */
export function jobPool(workers: number, queueMax: number, timeoutMs: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    running -= 1;
    const next = waiting.shift();
    if (next) {
      running += 1;
      next();
    }
  };
  return {
    load: () => ({ running, waiting: waiting.length }),
    async run<T>(job: (deadline: number) => Promise<T>): Promise<T> {
      if (running >= workers) {
        if (waiting.length >= queueMax) throw new MediaError('busy', 'The server is drawing too many pictures; try again in a minute');
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running += 1;
      }
      const work = job(Date.now() + timeoutMs);
      void work.then(release, release);
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new MediaError('too_complex', `Drawing the picture took longer than ${Math.round(timeoutMs / 1000)} s`)), timeoutMs);
      });
      try {
        return await Promise.race([work, deadline]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
