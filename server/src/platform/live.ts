import { EventEmitter } from 'node:events';

/**
 * Live push between instances (for example "user 5 has a new notification", which every
 * instance's open streams of user 5 hear). In one process an EventEmitter; with REDIS_URL the same
 * interface is backed by Redis pub/sub. Not the domain events: those are the outbox (jobs/runner.ts).
 */
export interface LiveBus {
  publish(channel: string, payload: unknown): Promise<void>;
  subscribe(channel: string, listener: (payload: unknown) => void): () => void;
  close(): Promise<void>;
}

export function localLive(): LiveBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(channel, payload) {
      emitter.emit(channel, payload);
    },
    subscribe(channel, listener) {
      emitter.on(channel, listener);
      return () => emitter.off(channel, listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

export async function redisLive(url: string): Promise<LiveBus> {
  const { Redis } = await import('ioredis');
  const pub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const sub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const local = new EventEmitter();
  local.setMaxListeners(0);
  sub.on('message', (channel: string, message: string) => {
    try {
      local.emit(channel, JSON.parse(message));
    } catch {
      /* ignore malformed messages */
    }
  });
  return {
    async publish(channel, payload) {
      await pub.publish(channel, JSON.stringify(payload));
    },
    subscribe(channel, listener) {
      if (local.listenerCount(channel) === 0) void sub.subscribe(channel);
      local.on(channel, listener);
      return () => {
        local.off(channel, listener);
        if (local.listenerCount(channel) === 0) void sub.unsubscribe(channel);
      };
    },
    async close() {
      await Promise.all([pub.quit(), sub.quit()]);
    },
  };
}
