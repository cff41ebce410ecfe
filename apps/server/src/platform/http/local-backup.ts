import type { FastifyInstance } from 'fastify';
import { backupEmbedded, type EmbeddedBackup } from '../db/backup-pglite';
import { type Db, embeddedOf } from '../db/database';
import { fromThisMachine } from './this-machine';

/** The route `npm run backup` calls on a server running on PGlite (404 to anyone not on this machine). */
export const LOCAL_BACKUP_PATH = '/local/backup';

/**
 * The embedded database's backup in the process that holds it (decision 0062-backups-restore-drill):
 * on demand through POST /local/backup from this machine, and every `everyMinutes` when set. One
 * dump at a time: a second ask while one runs waits for it and gets its file. On PostgreSQL the
 * route answers 404 as it does to others (pg_dump reads the database from outside; the route stays
 * registered so every deployment answers the same paths). The answer is the operator's own tool's:
 * the backup, or `{ error }` with the reason (the route answers no one else).
 */
export function localBackup(
  app: FastifyInstance,
  db: Db,
  options: { dir: string; keep: number; everyMinutes: number },
): void {
  const embedded = embeddedOf(db) !== null;
  let running: Promise<EmbeddedBackup> | null = null;
  const backup = () => {
    running ??= backupEmbedded(db, options).finally(() => {
      running = null;
    });
    return running;
  };

  app.post(LOCAL_BACKUP_PATH, async (request, reply) => {
    if (!embedded || !fromThisMachine(request)) return reply.status(404).send({ status: 'not found' });
    reply.header('cache-control', 'no-store');
    try {
      const done = await backup();
      app.log.info({ backup: done }, 'backup written');
      return reply.send(done);
    } catch (error) {
      app.log.error({ err: error }, 'backup failed');
      return reply.status(500).send({ error: (error as Error).message });
    }
  });

  const timer =
    embedded && options.everyMinutes > 0
      ? setInterval(() => {
          backup().then(
            (done) => app.log.info({ backup: done }, 'scheduled backup written'),
            (error: unknown) => app.log.error({ err: error }, 'scheduled backup failed'),
          );
        }, options.everyMinutes * 60_000).unref()
      : null;
  // A dump under way finishes before the database closes (the platform's close runs after every onClose hook).
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running?.catch(() => undefined);
  });
}
