import type { ClientSource } from '@app/protocol/calls/system';
import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../auth/sessions';

/** What a handler gets besides its validated input. */
export interface CallContext {
  request: FastifyRequest;
  source: ClientSource;
  /** Present on df calls (and on pb calls that sent a valid X-Token). */
  user: SessionUser | null;
  appId: string | null;
  gray: boolean;
}

export interface AuthedContext extends CallContext {
  user: SessionUser;
}
