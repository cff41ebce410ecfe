import { ErrorCode } from '@app/protocol/errors';
import type { PiiCipher } from '../../../platform/crypto/pii';
import type { Db } from '../../../platform/db/database';
import { AppError } from '../../../platform/errors';
import type { RateStore } from '../../../platform/rate/rate-store';
import { identityDb } from '../identity.tables';
import {
  isFinal,
  PROVIDER_BUSY,
  type RealNameOutcome,
  type RealNameProvider,
  RealNameUnavailable,
} from './real-name-provider';

/** Checks that reach the provider (cache misses), per user and per client address, per day. */
export interface RealNameLimits {
  perUserDay: number;
  perAddressDay: number;
}

export interface RealNameCheckDeps {
  db: Db;
  pii: PiiCipher;
  provider: RealNameProvider;
  rates: RateStore;
  limits: RealNameLimits;
  log?: { warn: (obj: object, msg: string) => void };
}

export const CHECK_LIMIT_REACHED = '今日实名认证尝试次数过多，请明天再试';

/** The keyed hash a pair is cached under (the name bound to its number, never stored in the clear). */
export const nameHash = (pii: PiiCipher, fingerprint: string, name: string) =>
  pii.fingerprint(`real-name:${fingerprint}:${name}`);

/** One provider call per pair at a time in this process: a double tap waits for the first answer. */
const inFlight = new Map<string, Promise<RealNameOutcome>>();

/**
 * The authority's answer for a name and number: from the cache when a final answer is kept, else
 * from the provider within the limits (the final answer then kept). No answer (timeout, error code,
 * garbage) is PROVIDER_BUSY and keeps nothing, so the retry asks again.
 */
export async function checkPair(
  deps: RealNameCheckDeps,
  input: { userId: number; address: string; name: string; idCard: string; fingerprint: string },
): Promise<RealNameOutcome> {
  const hash = nameHash(deps.pii, input.fingerprint, input.name);
  const cached = await cachedOutcome(deps.db, input.fingerprint, hash);
  if (cached) return cached;
  const key = `${input.fingerprint}:${hash}`;
  const running = inFlight.get(key);
  if (running) return running;
  const [perUser, perAddress] = await Promise.all([
    deps.rates.hit(`realname:d:u:${input.userId}`, 86_400),
    deps.rates.hit(`realname:d:a:${input.address}`, 86_400),
  ]);
  if (perUser > deps.limits.perUserDay || perAddress > deps.limits.perAddressDay)
    throw new AppError(ErrorCode.BAD_PARAMS, CHECK_LIMIT_REACHED);
  const asked = ask(deps, { ...input, hash }).finally(() => inFlight.delete(key));
  inFlight.set(key, asked);
  return asked;
}

async function ask(
  deps: RealNameCheckDeps,
  input: { name: string; idCard: string; fingerprint: string; hash: string },
): Promise<RealNameOutcome> {
  let outcome: RealNameOutcome;
  try {
    outcome = await deps.provider.verify({ name: input.name, idCard: input.idCard });
  } catch (error) {
    if (!(error instanceof RealNameUnavailable)) throw error;
    deps.log?.warn({ providerCode: error.providerCode }, 'real-name provider gave no answer');
    throw new AppError(ErrorCode.BAD_PARAMS, PROVIDER_BUSY);
  }
  if (isFinal(outcome))
    await identityDb(deps.db)
      .insertInto('real_name_checks')
      .values({
        id_card_fingerprint: input.fingerprint,
        name_hash: input.hash,
        outcome,
        provider: deps.provider.name,
      })
      .onConflict((oc) => oc.columns(['id_card_fingerprint', 'name_hash']).doNothing())
      .execute();
  return outcome;
}

async function cachedOutcome(db: Db, fingerprint: string, hash: string): Promise<RealNameOutcome | undefined> {
  const row = await identityDb(db)
    .selectFrom('real_name_checks')
    .select('outcome')
    .where('id_card_fingerprint', '=', fingerprint)
    .where('name_hash', '=', hash)
    .executeTakeFirst();
  return row?.outcome;
}
