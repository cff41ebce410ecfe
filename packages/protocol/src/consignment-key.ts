import { z } from 'zod';

/**
 * A consignment key (寄售码) as the exchange keeps it: what the game announced, upper-case, without
 * spaces or dashes. Games show keys in groups (XXXX-XXXX-XXXX-XXXX-XXXX, docs/game-partner-api.md),
 * so what a user types, grouped or not, in any case, reads as the same key.
 */
export const normalizeJyhKey = (key: string): string => key.replace(/[\s-]/g, '').toUpperCase();

/** The key field of the key calls: at most 32 letters and digits once normalised. */
export const jyhKeySchema = z
  .string()
  .max(64, { error: '寄售码无效' })
  .transform(normalizeJyhKey)
  .pipe(
    z
      .string()
      .min(4, { error: '请输入寄售码' })
      .max(32, { error: '寄售码无效' })
      .regex(/^[0-9A-Z]+$/, { error: '寄售码无效' }),
  );
