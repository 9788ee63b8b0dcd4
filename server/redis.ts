import { Redis } from 'ioredis';

/**
 * The Redis connections a node uses when several nodes run as one product: a command connection (rate
 * limits, readiness) that also publishes Socket.IO events, and a subscriber connection for them.
 */
export interface RedisLink {
  client: Redis;
  subscriber: Redis;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export async function openRedis(url: string): Promise<RedisLink> {
  // Fail fast at start on a wrong URL; after that, ioredis reconnects by itself.
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  await client.connect();
  const subscriber = client.duplicate();
  return {
    client,
    subscriber,
    ping: async () => {
      try {
        return (await client.ping()) === 'PONG';
      } catch {
        return false;
      }
    },
    close: async () => {
      await Promise.allSettled([client.quit(), subscriber.quit()]);
    },
  };
}
