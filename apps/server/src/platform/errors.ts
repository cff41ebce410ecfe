import { type ErrorCode, errorCatalogue } from '@app/protocol/errors';

/**
 * A refusal the client is meant to see: thrown anywhere below a route, answered once by the
 * error handler as `{code, msg, data}` with HTTP 200 (PROTOCOL.md, Envelope).
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly data: unknown;

  constructor(code: ErrorCode, message?: string, data: unknown = null) {
    super(message ?? errorCatalogue[code].message);
    this.code = code;
    this.data = data;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/**
 * A value the database refused as data (SQLSTATE class 22: out of range, bad encoding, bad
 * format), from PostgreSQL or PGlite. Schemas refuse such input first; this is the net below them.
 */
export function isDataException(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

/**
 * Connection-level SQLSTATEs: class 08, 57P01–57P03 (the server shutting down, or not up yet), and
 * 25006 (a write refused as read-only: the database address reached a standby not promoted yet, in
 * a failover; the exchange itself never opens a read-only transaction).
 */
const DATABASE_GONE = /^(?:08[0-9A-Z]{3}|57P0[123]|25006)$/;

/**
 * The database cannot be reached (down, restarting, the connection cut): nothing the caller did.
 * The pool opens new connections on later requests, so this passes when the database is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  if (
    typeof e?.code === 'string' &&
    (DATABASE_GONE.test(e.code) || e.code === 'ECONNREFUSED' || e.code === 'ECONNRESET')
  )
    return true;
  return (
    typeof e?.message === 'string' &&
    /^Connection terminated|^Client has encountered a connection error/.test(e.message)
  );
}

/**
 * Redis gone (ioredis gave up on the command: its retries or its timeout spent, or the connection
 * closed under it): what stands on Redis (nonces, rate and SMS counters) fails closed with the same
 * 503 as the database, never lets the request through unchecked (decision 0069).
 */
export function isRedisUnavailable(error: unknown): boolean {
  const e = error as { name?: unknown; message?: unknown } | null;
  if (e?.name === 'MaxRetriesPerRequestError') return true;
  return typeof e?.message === 'string' && /^(Command timed out|Connection is closed\.)/.test(e.message);
}
