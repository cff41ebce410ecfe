import { createHash, randomBytes } from 'node:crypto';
import { IM_LIMITS } from '@app/protocol/im';
import { hashToken, sessionAlive } from '../../platform/auth/sessions';
import type { DbHandle } from '../../platform/db/handle';
import { imDb } from './im.tables';
import { type StaffChatCheck, staffIdOfChat } from './staff-account';

/**
 * Chat logins (tencentUserSig): a random token per login, kept as its SHA-256 like a session, valid
 * IM_LIMITS.tokenSeconds and no longer than the session that asked for it. A user's chat account is
 * their uid; customer service is `cs:<staff id>`, whose login names the console session that asked
 * for it and is checked against it (and the member's role) by the ops module's answer.
 */
export const chatTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
const hash = chatTokenHash;

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

/**
 * True when the token (its hash) is a live chat login of the account: a user's ends with the
 * session that asked for it (logout, expiry, account removal); a staff member's with his console
 * session, his account's disabling or his role losing the orders (`staff`, the ops module's answer).
 */
export async function chatLoginValid(
  db: DbHandle,
  account: string,
  tokenHash: string,
  staff: StaffChatCheck | null,
): Promise<boolean> {
  const row = await imDb(db)
    .selectFrom('im_tokens')
    .select(['account', 'expires_at', 'session_hash'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (row?.account !== account || row.expires_at.getTime() <= Date.now()) return false;
  const staffId = staffIdOfChat(account);
  if (staffId !== null) return staff && row.session_hash ? staff(staffId, row.session_hash) : false;
  return row.session_hash === null || sessionAlive(db, row.session_hash);
}

/** Ends the chat logins of the account that no longer pass; answers their hashes (their sockets are closed through the bus). */
export async function endLapsedChatLogins(
  db: DbHandle,
  account: string,
  staff: StaffChatCheck | null,
): Promise<string[]> {
  const rows = await imDb(db).selectFrom('im_tokens').select('token_hash').where('account', '=', account).execute();
  const lapsed: string[] = [];
  for (const { token_hash } of rows)
    if (!(await chatLoginValid(db, account, token_hash, staff))) lapsed.push(token_hash);
  if (lapsed.length > 0) await imDb(db).deleteFrom('im_tokens').where('token_hash', 'in', lapsed).execute();
  return lapsed;
}
