import { Redis } from 'ioredis';

export type RedisClient = Redis;

export async function connectRedis(url: string): Promise<Redis> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  await client.connect();
  return client;
}
