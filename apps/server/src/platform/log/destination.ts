import type { DestinationStream } from 'pino';

/**
 * Where the server's log goes when no stream is given: JSON lines on stdout (production, and
 * whenever the output is piped to a file or a collector), or pino-pretty's one readable line per
 * entry outside production when stdout is a terminal. LOG_PRETTY=1 or 0 decides instead of the
 * terminal check; production always writes JSON. The masking of platform/log/mask.ts happens
 * before either (pino's hooks and serializers run first).
 */
export async function logDestination(
  settings: { APP_ENV: string; LOG_PRETTY?: '0' | '1' | undefined },
  stdout: { isTTY?: boolean } = process.stdout,
): Promise<DestinationStream | undefined> {
  if (!prettyLogs(settings, stdout.isTTY === true)) return undefined;
  // Loaded only when asked for: production never loads it.
  const { default: pretty } = await import('pino-pretty');
  return pretty({
    colorize: stdout.isTTY === true,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
    sync: true,
  });
}

export function prettyLogs(settings: { APP_ENV: string; LOG_PRETTY?: '0' | '1' | undefined }, tty: boolean): boolean {
  if (settings.APP_ENV === 'production') return false;
  if (settings.LOG_PRETTY !== undefined) return settings.LOG_PRETTY === '1';
  return tty;
}
