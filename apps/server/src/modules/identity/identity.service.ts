import { ErrorCode } from '@app/protocol/errors';
import { isAdultIdCard, MINOR_FORBIDDEN } from '@app/protocol/validation';
import type { PiiCipher } from '../../platform/crypto/pii';
import { maskIdCard, maskName } from '../../platform/crypto/pii';
import type { Db } from '../../platform/db/database';
import type { DbHandle } from '../../platform/db/handle';
import { lockKey } from '../../platform/db/locks';
import { AppError } from '../../platform/errors';
import { identityDb } from './identity.tables';
import { checkPair, type RealNameCheckDeps } from './real-name/real-name-checks';
import {
  OUTCOME_MESSAGES,
  PHOTO_MISMATCH,
  PHOTO_UNREADABLE,
  PROVIDER_BUSY,
  RealNameUnavailable,
} from './real-name/real-name-provider';

/** How many accounts one ID number may verify. */
export const ACCOUNTS_PER_ID = 3;

export interface IdentityDeps extends RealNameCheckDeps {
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

/** What a game answers of an account's 实名登记 against a person (the games module's gateway, handed in). */
export type AskGameRegistration = (
  gameId: string,
  accountId: string,
  person: { name: string; idCard: string },
) => Promise<'match' | 'mismatch' | 'none' | 'unsupported'>;

export type GameRegistration = Awaited<ReturnType<AskGameRegistration>> | 'unverified';

export const GAME_REGISTRATION_MISMATCH = '该游戏账号登记的实名信息与您的实名认证不一致，无法交易';

/**
 * Whether a game account's registered real name and ID number are the user's verified ones
 * (business-flows §5), the game asked with keyed hashes: unverified when the user has no verified
 * name yet, none when the account holds no registration, unsupported when the game has no such call.
 */
export async function realNameMatches(
  deps: IdentityDeps,
  askGame: AskGameRegistration,
  userId: number,
  account: { gameId: string; accountId: string },
): Promise<GameRegistration> {
  const row = await identityDb(deps.db)
    .selectFrom('identities')
    .select(['real_name_sealed', 'id_card_sealed'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return 'unverified';
  return askGame(account.gameId, account.accountId, {
    name: deps.pii.open(row.real_name_sealed),
    idCard: deps.pii.open(row.id_card_sealed),
  });
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

export interface VerifyInput {
  realName: string;
  idCard: string;
  /** The client's address (the per-address limit). */
  address: string;
  /** The photo path: the two objects' keys, and a URL the provider may read the portrait side from. */
  photos?: { frontImage: string; backImage: string; frontUrl: string };
}

/**
 * Verifies by name and ID number: adult only (from the birth date, as today), the pair confirmed by
 * the provider (a kept answer when there is one; the photo path first reads the portrait side and
 * checks it shows the same), at most ACCOUNTS_PER_ID accounts per ID, once per user. Any answer but
 * a match, or none, verifies nobody and changes nothing but the answer cache.
 */
export async function verifyByNumber(deps: IdentityDeps, userId: number, input: VerifyInput): Promise<IdentityStatus> {
  const idCard = input.idCard.toUpperCase();
  const realName = input.realName.trim();
  if (!isAdultIdCard(idCard, (deps.now ?? (() => new Date()))()))
    throw new AppError(ErrorCode.BAD_PARAMS, MINOR_FORBIDDEN);
  if ((await identityStatus(deps, userId)).hasAuthentication === '1') throw new AppError(ErrorCode.BAD_PARAMS, ALREADY);
  if (input.photos) await checkPhoto(deps, input.photos.frontUrl, { realName, idCard });
  const fingerprint = deps.pii.fingerprint(idCard);
  const outcome = await checkPair(deps, { userId, address: input.address, name: realName, idCard, fingerprint });
  if (outcome !== 'match') throw new AppError(ErrorCode.BAD_PARAMS, OUTCOME_MESSAGES[outcome]);
  await deps.db.transaction().execute(async (trx) => {
    // The same user, then the same ID number, one request at a time (always in this order).
    await lockKey(trx, 'identity:user', userId);
    await lockKey(trx, 'identity:id-card', fingerprint);
    const existing = await identityDb(trx)
      .selectFrom('identities')
      .select('user_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (existing) throw new AppError(ErrorCode.BAD_PARAMS, ALREADY);
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
        real_name_sealed: deps.pii.seal(realName),
        id_card_sealed: deps.pii.seal(idCard),
        id_card_fingerprint: fingerprint,
        method: input.photos ? 'upload' : 'input',
        front_image: input.photos?.frontImage ?? null,
        back_image: input.photos?.backImage ?? null,
      })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    await deps.markVerified(trx, userId);
  });
  return identityStatus(deps, userId);
}

const ALREADY = '您已完成实名认证，无需重复认证';

/** The portrait side must show the typed name and number (a provider that reads no photos skips this). */
async function checkPhoto(deps: IdentityDeps, frontUrl: string, typed: { realName: string; idCard: string }) {
  if (!deps.provider.readIdCardFront) return;
  let front: Awaited<ReturnType<NonNullable<typeof deps.provider.readIdCardFront>>>;
  try {
    front = await deps.provider.readIdCardFront({ imageUrl: frontUrl });
  } catch (error) {
    if (!(error instanceof RealNameUnavailable)) throw error;
    deps.log?.warn({ providerCode: error.providerCode }, 'ID card reader gave no answer');
    throw new AppError(ErrorCode.BAD_PARAMS, PROVIDER_BUSY);
  }
  if (!front) throw new AppError(ErrorCode.BAD_PARAMS, PHOTO_UNREADABLE);
  if (front.name !== typed.realName || front.idCard !== typed.idCard)
    throw new AppError(ErrorCode.BAD_PARAMS, PHOTO_MISMATCH);
}

/** A closing account's identity is forgotten (in the closing transaction): its ID number counts no more. */
export async function forgetIdentity(trx: DbHandle, userId: number): Promise<void> {
  await identityDb(trx).deleteFrom('identities').where('user_id', '=', userId).execute();
}
