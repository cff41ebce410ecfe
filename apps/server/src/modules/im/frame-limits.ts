import { IM_LIMITS } from '@app/protocol/im';
import type { RateStore } from '../../platform/rate/rate-store';

export type FrameKind = keyof typeof IM_LIMITS.frames;

/** What one frame may do: be handled, be refused unhandled, or close its socket (a flood). */
export type FrameVerdict = 'ok' | 'refused' | 'flood';

/**
 * The chat socket's frame limits (IM_LIMITS.frames), counted in the same RateStore as the API's
 * limits, so an account's sockets on every server process share one count when Redis is
 * configured. Each frame counts against its socket and its account; beyond either it is refused
 * before it reaches the database, and a socket sending more than twice its own limit of one kind
 * within a window is a flood.
 */
export function frameLimits(rates: RateStore) {
  const window = IM_LIMITS.windowSeconds;
  return async (socketId: string, account: string, kind: FrameKind): Promise<FrameVerdict> => {
    const limit = IM_LIMITS.frames[kind];
    // Both counters in one round trip (one MULTI on Redis).
    const [own = 0, all = 0] = await rates.hits([`im:f:${kind}:s:${socketId}`, `im:f:${kind}:a:${account}`], window);
    if (own > 2 * limit.socket) return 'flood';
    return own > limit.socket || all > limit.account ? 'refused' : 'ok';
  };
}
