import type { ClientSource } from '@app/protocol/calls/system';
import type { Access, CallDef } from '@app/protocol/contract';
import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../auth/sessions';
import type { GamePlayer } from './register-call';

/**
 * What a handler gets besides its validated input, typed by what registerCall checked before
 * calling it: the session on a df call, the game's player on a pt call, X-AppId where the call
 * requires it. `CallContext` alone (every access, X-AppId optional) fits any call.
 */
export interface CallContext<A extends Access = Access, AppId extends boolean = boolean> {
  request: FastifyRequest;
  source: ClientSource;
  /** Always on df calls; on pb and pt calls only when a valid X-Token came along. */
  user: A extends 'df' ? SessionUser : SessionUser | null;
  /** A game id (letters, digits, '-', '_', '.'); always there on calls that require it. */
  appId: AppId extends true ? string : string | null;
  /** On pt calls: the game's verdict on gameId / gameToken / serverId. */
  player: A extends 'pt' ? GamePlayer : null;
  gray: boolean;
}

/** The context registerCall hands the handler of `D`. */
export type ContextOf<D extends CallDef> = CallContext<D['access'], NonNullable<D['requiresAppId']>>;
