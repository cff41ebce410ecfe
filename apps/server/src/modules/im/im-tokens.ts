import { createHash, randomBytes } from 'node:crypto';
import { IM_LIMITS } from '@app/protocol/im';
import type { DbHandle } from '../../platform/db/handle';
import { imDb } from './im.tables';

/**
 * Chat logins (tencentUserSig): a random token per login, kept as its SHA-256 like a session, valid
 * IM_LIMITS.tokenSeconds. A user's chat account is their uid; customer service is `cs:<staff id>`.
 */
const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export async function issueChatToken(db: DbHandle, account: string): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  const im = imDb(db);
  await im.deleteFrom('im_tokens').where('account', '=', account).where('expires_at', '<', new Date()).execute();
  await im
    .insertInto('im_tokens')
    .values({
      token_hash: hash(token),
      account,
      expires_at: new Date(Date.now() + IM_LIMITS.tokenSeconds * 1000),
    })
    .execute();
  return token;
}

/** True when the token is a live chat login of the account. */
export async function chatTokenValid(db: DbHandle, account: string, token: string): Promise<boolean> {
  const row = await imDb(db)
    .selectFrom('im_tokens')
    .select(['account', 'expires_at'])
    .where('token_hash', '=', hash(token))
    .executeTakeFirst();
  return row !== undefined && row.account === account && row.expires_at.getTime() > Date.now();
}

/** Logging out of the marketplace ends its chat logins too. */
export async function revokeChatTokens(db: DbHandle, account: string): Promise<void> {
  await imDb(db).deleteFrom('im_tokens').where('account', '=', account).execute();
}
