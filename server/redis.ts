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

/** Where a connection's trouble is told (the app's logger). */
export interface RedisLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

/**
 * Says once when a connection is lost and once when it is back, not at each of ioredis's reconnection
 * attempts (one every 2 s while Redis is away). Without an 'error' listener of ours ioredis's errors would
 * reach only the Socket.IO adapter's, which prints "missing 'error' handler" to the console at every one.
 */
function watch(connection: Redis, name: string, log: RedisLog | undefined): void {
  let down = false;
  connection.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log?.warn({ err: error, connection: name }, 'Redis unreachable: Socket.IO events stay on this node, readiness fails; reconnecting');
  });
  connection.on('ready', () => {
    if (!down) return;
    down = false;
    log?.info({ connection: name }, 'Redis reachable again');
  });
}

/**
 * The Socket.IO Redis adapter publishes every event with `pubClient.publish(...)` and never handles the
 * promise. While Redis is unreachable ioredis rejects each queued command after `maxRetriesPerRequest`
 * reconnection attempts, and an unhandled rejection ends the process: every node died the moment Redis
 * went away (tests/server/faults-redis.test.ts). A publish is fire-and-forget by nature (an event lost in
 * an outage is made up by the client's resync over HTTP), so its failure is marked handled here; a caller
 * that awaits the promise still sees the rejection.
 */
function tolerateUnawaitedPublish(client: Redis): void {
  const publish = client.publish.bind(client) as (channel: string | Buffer, message: string | Buffer) => Promise<number>;
  client.publish = ((channel: string | Buffer, message: string | Buffer) => {
    const sent = publish(channel, message);
    sent.catch(() => undefined);
    return sent;
  }) as Redis['publish'];
}

export async function openRedis(url: string, log?: RedisLog): Promise<RedisLink> {
  // Fail fast at start on a wrong URL; after that, ioredis reconnects by itself.
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  await client.connect();
  const subscriber = client.duplicate();
  tolerateUnawaitedPublish(client);
  watch(client, 'commands', log);
  watch(subscriber, 'subscriber', log);
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
