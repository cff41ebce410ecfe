import { createHash, randomBytes } from 'node:crypto';
import { IM_LIMITS } from '@app/protocol/im';
import { hashToken, sessionAlive } from '../../platform/auth/sessions';
import type { DbHandle } from '../../platform/db/handle';
import { imDb } from './im.tables';

/**
 * Chat logins (tencentUserSig): a random token per login, kept as its SHA-256 like a session, valid
 * IM_LIMITS.tokenSeconds and no longer than the session that asked for it. A user's chat account is
 * their uid; customer service is `cs:<staff id>`.
 */
const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export async function issueChatToken(
  db: DbHandle,
  account: string,
  sessionToken: string | null = null,
  ttlSeconds: number = IM_LIMITS.tokenSeconds,
): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  const im = imDb(db);
  await im.deleteFrom('im_tokens').where('account', '=', account).where('expires_at', '<', new Date()).execute();
  await im
    .insertInto('im_tokens')
    .values({
      token_hash: hash(token),
      account,
      session_hash: sessionToken === null ? null : hashToken(sessionToken),
      expires_at: new Date(Date.now() + ttlSeconds * 1000),
    })
    .execute();
  return token;
}

/** True when the token is a live chat login of the account. */
export async function chatTokenValid(db: DbHandle, account: string, token: string): Promise<boolean> {
  const row = await imDb(db)
    .selectFrom('im_tokens')
    .select(['account', 'expires_at', 'session_hash'])
    .where('token_hash', '=', hash(token))
    .executeTakeFirst();
  if (row?.account !== account || row.expires_at.getTime() <= Date.now()) return false;
  // A user's chat login ends with the session that asked for it (logout, expiry, account removal).
  return row.session_hash === null || sessionAlive(db, row.session_hash);
}

/** Ends every chat login of the account; answers their hashes (their sockets are closed through the bus). */
export async function endChatLogins(db: DbHandle, account: string): Promise<string[]> {
  const rows = await imDb(db).deleteFrom('im_tokens').where('account', '=', account).returning('token_hash').execute();
  return rows.map((r) => r.token_hash);
}
