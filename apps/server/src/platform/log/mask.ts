import type { FastifyServerOptions } from 'fastify';
import pino, { type DestinationStream } from 'pino';

/** Mainland mobile numbers (optionally +86 / 86) anywhere in a text, not inside a longer number. */
const PHONE = /(?<![\d])((?:\+?86)?1[3-9]\d)\d{4}(\d{4})(?!\d)/g;

/** 13812345678 → 138****5678, also inside longer text (log lines, error messages, URLs). */
export function maskPhones(text: string): string {
  return text.replace(PHONE, '$1****$2');
}

/**
 * The server's pino options: no log line holds a full phone number (messages, request URLs,
 * errors masked), nor a session token. SMS codes are never logged outside the console driver,
 * which production refuses (docs/decisions/0012).
 */
export function loggerOptions(level: string, stream?: DestinationStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: ['req.headers["x-token"]', 'req.headers.authorization'],
    hooks: {
      logMethod(args, method) {
        method.apply(this, args.map((a) => (typeof a === 'string' ? maskPhones(a) : a)) as Parameters<typeof method>);
      },
    },
    serializers: {
      // Fastify's request serializer, with the URL masked.
      req: (req: { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } }) => ({
        method: req.method,
        url: maskPhones(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
      err: (err: Error) => {
        const shown = pino.stdSerializers.err(err);
        return { ...shown, message: maskPhones(shown.message), stack: maskPhones(shown.stack) };
      },
    },
  };
}
