import { ErrorCode } from '@app/protocol/errors';
import { isAdultIdCard, MINOR_FORBIDDEN } from '@app/protocol/validation';
import type { PiiCipher } from '../../platform/crypto/pii';
import { maskIdCard, maskName } from '../../platform/crypto/pii';
import type { Db } from '../../platform/db/database';
import type { DbHandle } from '../../platform/db/handle';
import { lockKey } from '../../platform/db/locks';
import { AppError } from '../../platform/errors';
import { identityDb } from './identity.tables';

/** How many accounts one ID number may verify. */
export const ACCOUNTS_PER_ID = 3;

export interface IdentityDeps {
  db: Db;
  pii: PiiCipher;
  /** The user module's profile flag (has_authentication), set in the verification's transaction. */
  markVerified: (trx: DbHandle, userId: number) => Promise<void>;
  now?: () => Date;
}

export interface IdentityStatus {
  hasAuthentication: '0' | '1';
  realName: string;
  idCard: string;
}

export async function identityStatus(deps: IdentityDeps, userId: number): Promise<IdentityStatus> {
  const row = await identityDb(deps.db)
    .selectFrom('identities')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return { hasAuthentication: '0', realName: '', idCard: '' };
  return {
    hasAuthentication: '1',
    realName: maskName(deps.pii.open(row.real_name_sealed)),
    idCard: maskIdCard(deps.pii.open(row.id_card_sealed)),
  };
}

/** Whether a name is the user's verified real name (compared here: the name never leaves this module). */
export async function realNameIs(deps: IdentityDeps, userId: number, name: string): Promise<boolean> {
  const row = await identityDb(deps.db)
    .selectFrom('identities')
    .select('real_name_sealed')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined && deps.pii.open(row.real_name_sealed) === name.trim();
}

/** Whether a name and an ID number are the user's verified ones (a reset of the payment password asks both). */
export async function identityIs(deps: IdentityDeps, userId: number, name: string, idCard: string): Promise<boolean> {
  const row = await identityDb(deps.db)
    .selectFrom('identities')
    .select(['real_name_sealed', 'id_card_fingerprint'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return (
    row !== undefined &&
    deps.pii.open(row.real_name_sealed) === name.trim() &&
    row.id_card_fingerprint === deps.pii.fingerprint(idCard.trim().toUpperCase())
  );
}

/** Verifies by name and ID number: adult only, at most ACCOUNTS_PER_ID accounts per ID, once per user. */
export async function verifyByNumber(
  deps: IdentityDeps,
  userId: number,
  input: { realName: string; idCard: string; frontImage?: string; backImage?: string },
): Promise<IdentityStatus> {
  if (!isAdultIdCard(input.idCard, (deps.now ?? (() => new Date()))()))
    throw new AppError(ErrorCode.BAD_PARAMS, MINOR_FORBIDDEN);
  const fingerprint = deps.pii.fingerprint(input.idCard);
  await deps.db.transaction().execute(async (trx) => {
    // The same user, then the same ID number, one request at a time (always in this order).
    await lockKey(trx, 'identity:user', userId);
    await lockKey(trx, 'identity:id-card', fingerprint);
    const existing = await identityDb(trx)
      .selectFrom('identities')
      .select('user_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (existing) throw new AppError(ErrorCode.BAD_PARAMS, '您已完成实名认证，无需重复认证');
    const used = await identityDb(trx)
      .selectFrom('identities')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('id_card_fingerprint', '=', fingerprint)
      .executeTakeFirstOrThrow();
    if (Number(used.n) >= ACCOUNTS_PER_ID)
      throw new AppError(ErrorCode.BAD_PARAMS, `该身份证已认证${ACCOUNTS_PER_ID}个账号，无法继续认证`);
    await identityDb(trx)
      .insertInto('identities')
      .values({
        user_id: userId,
        real_name_sealed: deps.pii.seal(input.realName.trim()),
        id_card_sealed: deps.pii.seal(input.idCard),
        id_card_fingerprint: fingerprint,
        method: input.frontImage ? 'upload' : 'input',
        front_image: input.frontImage ?? null,
        back_image: input.backImage ?? null,
      })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    await deps.markVerified(trx, userId);
  });
  return identityStatus(deps, userId);
}

/** A closing account's identity is forgotten (in the closing transaction): its ID number counts no more. */
export async function forgetIdentity(trx: DbHandle, userId: number): Promise<void> {
  await identityDb(trx).deleteFrom('identities').where('user_id', '=', userId).execute();
}
