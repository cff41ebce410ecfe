import type { FastifyRequest } from 'fastify';
import type { SeenFrom } from '../auth/sessions';

const DEVICE_ID = /^[\w.:-]{4,64}$/;

/**
 * Where a request comes from, as a session keeps it (the risk signals compare them): the address
 * (behind TRUST_PROXY, the client's) and the deviceId of the X-EventTracking header (PROTOCOL.md,
 * base64 of a JSON object); a header that does not parse, or an id of another shape, is no device.
 */
export function seenFrom(request: FastifyRequest): SeenFrom {
  const header = request.headers['x-eventtracking'];
  let deviceId: string | null = null;
  if (typeof header === 'string' && header.length <= 4096) {
    try {
      const value = (JSON.parse(Buffer.from(header, 'base64').toString('utf8')) as { deviceId?: unknown })?.deviceId;
      if (typeof value === 'string' && DEVICE_ID.test(value)) deviceId = value;
    } catch {
      deviceId = null;
    }
  }
  return { ip: request.ip || null, deviceId };
}
