import type { FastifyRequest } from 'fastify';

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * Whether a request comes from this machine: the socket's own peer is a loopback address and no
 * balancer forwarded it (X-Forwarded-For), so a request through HAProxy is never "local". Who may
 * read /metrics without a token, and who may ask for the embedded database's backup.
 */
export function fromThisMachine(request: FastifyRequest): boolean {
  return LOOPBACK.test(request.socket.remoteAddress ?? '') && !request.headers['x-forwarded-for'];
}
