import path from 'node:path';
import { backupSettings } from '../../config';

/**
 * The settings of `npm run backup` and `npm run restore`, from the environment as the server reads
 * them (config.ts's backups block; DATABASE_URL, DATA_DIR, PORT), checked with the same schema. A
 * bad value ends the tool with the setting's name.
 */
export function backupEnvironment(env: NodeJS.ProcessEnv = process.env) {
  const parsed = backupSettings.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`bad backup settings: ${issues.join('; ')}`);
  }
  return {
    ...parsed.data,
    dir: path.resolve(parsed.data.BACKUP_DIR),
    url: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    port: Number(env.PORT ?? 3000),
  };
}

/** Ends the tool: the message on stderr, exit code 1 (no stack: every refusal says what to do). */
export function refuse(error: unknown): void {
  console.error(`refused: ${(error as Error).message ?? String(error)}`);
  process.exitCode = 1;
}
