import { randomUUID } from 'node:crypto';
import { GATEWAY_PREFIXES } from '@app/protocol/server-paths';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from '../../config';
import { InProcessCallsAtDebug } from '../log/in-process-calls';
import { loggerOptions } from '../log/mask';

const GATEWAY_PATH = new RegExp(`^/(${GATEWAY_PREFIXES.join('|')})(/(pb|df|pt)/api/)`);

/** TRUST_PROXY as Fastify takes it: a number of hops becomes "trust the nearest n". */
const trustProxy = (setting: Config['TRUST_PROXY']) =>
  typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;

/** How the server takes requests: logging, request ids, body limit, proxies, gateway prefixes, stopping. */
export function serverOptions(config: Config, logStream?: DestinationStream) {
  return {
    // Phones masked in every line, tokens redacted (platform/log/mask.ts).
    logger: loggerOptions(config.LOG_LEVEL, logStream),
    // The in-process calls to the embedded demo games log at debug (the demo seed makes ~900).
    logController: new InProcessCallsAtDebug(),
    genReqId: (req) => (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) || randomUUID(),
    requestIdHeader: false,
    bodyLimit: config.BODY_LIMIT,
    // Behind a load balancer, the client's address comes from X-Forwarded-For (TRUST_PROXY).
    trustProxy: trustProxy(config.TRUST_PROXY),
    // The specs' "test flag" prefixes: /user/pb/api/... is /pb/api/... behind a service gateway.
    rewriteUrl: (req) => (req.url ?? '/').replace(GATEWAY_PATH, '$2'),
    // Stopping serves what already got in (platform/http/graceful-stop.ts), no 503 while closing.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
  } satisfies FastifyServerOptions;
}

/** Every answer names its request (X-Request-Id: the caller's, cut to 64 characters, or a new one). */
export function echoRequestId(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
}

/** Behind a balancer, every answer names the process that gave it (X-Node: NODE_NAME, when set). */
export function nameTheNode(app: FastifyInstance, name: string | undefined): void {
  if (!name) return;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-node', name);
  });
}
