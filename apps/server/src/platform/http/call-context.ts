import type { ClientSource } from '@app/protocol/calls/system';
import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../auth/sessions';
import type { GamePlayer } from './register-call';

/** What a handler gets besides its validated input. */
export interface CallContext {
  request: FastifyRequest;
  source: ClientSource;
  /** Present on df calls (and on pb calls that sent a valid X-Token). */
  user: SessionUser | null;
  appId: string | null;
  /** Present on pt calls: the game's verdict on gameId / gameToken / serverId. */
  player: GamePlayer | null;
  gray: boolean;
}

export interface AuthedContext extends CallContext {
  user: SessionUser;
}
