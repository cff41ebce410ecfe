import { KEY_TICKET_MAX_USES } from '@app/protocol/codec/key-ticket';
import type { RedisClient } from '../redis';

/**
 * Where key tickets live (PROTOCOL.md, "Version 2 with a key ticket"; decision 0077): each ticket's
 * record (its K sealed at rest, issueKeyTicket) for `ttlSeconds`, handed out at most `maxUses`
 * times. In the process, or in Redis when configured, so that every process of the deployment
 * honours a ticket another issued.
 */
export interface KeyTicketStore {
  readonly ttlSeconds: number;
  put(ticket: string, record: string): Promise<void>;
  /** The record, counting this use; null when the ticket is unknown, expired or used up. */
  take(ticket: string): Promise<string | null>;
  close(): void;
}

export interface KeyTicketLimits {
  ttlSeconds: number;
  maxUses?: number;
  /** In the process: at most this many tickets are kept (the oldest go first). */
  maxTickets?: number;
}

export function memoryKeyTickets(limits: KeyTicketLimits, now: () => number = Date.now): KeyTicketStore {
  const maxUses = Math.min(limits.maxUses ?? KEY_TICKET_MAX_USES, KEY_TICKET_MAX_USES);
  const maxTickets = limits.maxTickets ?? 200_000;
  const tickets = new Map<string, { record: string; expiresAt: number; uses: number }>();
  // Every ticket has the same life: the oldest are at the front, so a sweep stops at the first live one.
  const sweep = setInterval(() => {
    const t = now();
    for (const [ticket, entry] of tickets) {
      if (entry.expiresAt > t) break;
      tickets.delete(ticket);
    }
  }, 30_000);
  sweep.unref();
  return {
    ttlSeconds: limits.ttlSeconds,
    async put(ticket, record) {
      if (tickets.size >= maxTickets) tickets.delete(tickets.keys().next().value as string);
      tickets.set(ticket, { record, expiresAt: now() + limits.ttlSeconds * 1000, uses: 0 });
    },
    async take(ticket) {
      const entry = tickets.get(ticket);
      if (!entry) return null;
      if (entry.expiresAt <= now() || ++entry.uses > maxUses) {
        tickets.delete(ticket);
        return null;
      }
      return entry.record;
    },
    close: () => clearInterval(sweep),
  };
}

/** One round trip: the record, if the ticket exists and this use is within the bound (then counted). */
const TAKE = `
local record = redis.call('HGET', KEYS[1], 'r')
if not record then return false end
if redis.call('HINCRBY', KEYS[1], 'n', 1) > tonumber(ARGV[1]) then
  redis.call('DEL', KEYS[1])
  return false
end
return record`;

/**
 * In Redis: a hash per ticket (`r` the record, `n` the uses) expiring with the ticket. A Redis
 * that does not answer fails the request that needed it (503/10000, decision 0069), as the
 * nonces do: a ticket is never honoured without its count.
 */
export function redisKeyTickets(redis: RedisClient, prefix: string, limits: KeyTicketLimits): KeyTicketStore {
  const maxUses = Math.min(limits.maxUses ?? KEY_TICKET_MAX_USES, KEY_TICKET_MAX_USES);
  return {
    ttlSeconds: limits.ttlSeconds,
    async put(ticket, record) {
      const done = await redis
        .multi()
        .hset(prefix + ticket, 'r', record, 'n', '0')
        .expire(prefix + ticket, limits.ttlSeconds)
        .exec();
      const failed = done?.find(([error]) => error)?.[0];
      if (!done || failed) throw failed ?? new Error('key ticket not stored');
    },
    async take(ticket) {
      const record = (await redis.eval(TAKE, 1, prefix + ticket, String(maxUses))) as string | null;
      return typeof record === 'string' ? record : null;
    },
    close: () => {},
  };
}
