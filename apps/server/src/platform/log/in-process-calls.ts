import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/** The partner API of a game mounted in this process, and the partner callbacks it makes back. */
const PARTNER_PATH = /^\/[^/?]+\/partner\/v1\/|^\/partner-callback\/v1\//;

/**
 * A call the server makes to itself (app.inject: the embedded demo games and their callbacks),
 * never one from the network: a real socket's request has no light-my-request state.
 */
function inProcessPartnerCall(request: FastifyRequest): boolean {
  return '_lightMyRequest' in request.raw && PARTNER_PATH.test(request.url);
}

/**
 * Fastify's request lines, except that the in-process partner calls between the marketplace and
 * its embedded demo games log at debug: seeding the demo market makes ~900 of them, and every
 * buy or listing of a demo item adds a few under the request that caused them (LOG_LEVEL=debug
 * shows them). Errors of those calls still log as Fastify does.
 */
export class InProcessCallsAtDebug extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>): void {
    if (!inProcessPartnerCall(request)) super.incomingRequest(request, reply, metadata);
    else if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    if (error || !inProcessPartnerCall(request)) super.requestCompleted(error, request, reply, metadata);
    else if (!this.isLogDisabled(request))
      reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
