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
