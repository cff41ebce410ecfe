import { type BrokerConfig, BrokerListingStatus } from '@app/protocol/calls/broker';
import { ErrorCode } from '@app/protocol/errors';
import type { Selectable } from 'kysely';
import type { DbHandle } from '../../platform/db/handle';
import { AppError } from '../../platform/errors';
import { allGames, gameById } from '../market/catalogue';
import { type BrokerConfigsTable, brokerDb } from './broker.tables';

/** A game's channel before an operator sets it: closed, its coin types, these bounds and windows. */
export const DEFAULT_BROKER_CONFIG = {
  minQuantity: 10_000,
  maxQuantity: 100_000_000,
  feePercent: 3,
  deliverMinutes: 30,
  confirmHours: 24,
  delivery: 'api',
} as const;

/** The game of the catalogue and its own coin types (goldType, goldName), or AppId异常. */
async function gameCoins(db: DbHandle, applicationId: string) {
  const game = await gameById(db, applicationId);
  if (!game) throw new AppError(ErrorCode.APP_ID_INVALID);
  return game.coin_types.map((c) => ({ goldType: c.type, goldName: c.name }));
}

/**
 * appBrokerConfig: the operator's settings of the game's channel (broker_configs), or the defaults
 * with the channel closed; the coin types are those chosen (saveBrokerConfig takes only the game's
 * own, with the game's names), the game's own when none were (never set, set before the console
 * chose them, or none while closed).
 */
export async function brokerConfig(db: DbHandle, applicationId: string): Promise<BrokerConfig> {
  const gameTypes = await gameCoins(db, applicationId);
  const row = await brokerDb(db)
    .selectFrom('broker_configs')
    .selectAll()
    .where('application_id', '=', applicationId)
    .executeTakeFirst();
  return {
    applicationId,
    goldTypes: row?.gold_types.length ? row.gold_types : gameTypes,
    ...channelTerms(row),
  };
}

type ConfigRow = Selectable<BrokerConfigsTable>;

/**
 * The channel's terms from its row (brokerConfig's, or what an order's placement read of it):
 * the defaults with the channel closed when the game has none.
 */
export function channelTerms(
  row: Omit<ConfigRow, 'application_id' | 'gold_types' | 'updated_at'> | undefined,
): Omit<BrokerConfig, 'applicationId' | 'goldTypes'> {
  if (!row) return { enabled: false, ...DEFAULT_BROKER_CONFIG };
  return {
    enabled: row.enabled,
    minQuantity: Number(row.min_quantity),
    maxQuantity: Number(row.max_quantity),
    feePercent: Number(row.fee_percent),
    deliverMinutes: row.deliver_minutes,
    confirmHours: row.confirm_hours,
    delivery: row.delivery,
  };
}

/**
 * A coin type the channel trades, or a refusal that says why: a type of the game the operator did
 * not enable names the enabled ones; any other type is not the game's.
 */
export async function channelCoin(db: DbHandle, config: BrokerConfig, goldType: number) {
  const coin = config.goldTypes.find((g) => g.goldType === goldType);
  if (coin) return coin;
  const ofGame = (await gameCoins(db, config.applicationId)).find((g) => g.goldType === goldType);
  if (!ofGame) throw new AppError(ErrorCode.BAD_PARAMS, '该币种暂不支持商人寄售');
  throw new AppError(
    ErrorCode.BAD_PARAMS,
    `${ofGame.goldName}未开放商人寄售，可选币种：${config.goldTypes.map((g) => g.goldName).join('、')}`,
  );
}

/**
 * The console's save: the chosen coin types must be the game's own (a type it lacks is refused and
 * nothing changes), stored with the game's names. At least one while open is the payload's rule.
 */
export async function saveBrokerConfig(
  db: DbHandle,
  applicationId: string,
  input: Omit<BrokerConfig, 'applicationId' | 'goldTypes'> & { goldTypes: number[] },
): Promise<void> {
  const gameTypes = await gameCoins(db, applicationId);
  const unknown = input.goldTypes.filter((t) => !gameTypes.some((g) => g.goldType === t));
  if (unknown.length)
    throw new AppError(ErrorCode.BAD_PARAMS, `币种${unknown.join('、')}不属于该游戏，请从该游戏的币种中选择`);
  const chosen = new Set(input.goldTypes);
  await setBrokerConfig(db, {
    ...input,
    applicationId,
    goldTypes: gameTypes.filter((g) => chosen.has(g.goldType)),
  });
}

/**
 * The operator's (or a seed's) settings of a game's channel; the coin types are kept as they are
 * when not given (a seed opening its channels at boot leaves an operator's choice alone).
 */
export async function setBrokerConfig(
  db: DbHandle,
  config: Omit<BrokerConfig, 'goldTypes' | 'delivery'> & {
    goldTypes?: BrokerConfig['goldTypes'];
    delivery?: BrokerConfig['delivery'];
  },
): Promise<void> {
  const values = {
    enabled: config.enabled,
    ...(config.goldTypes ? { gold_types: JSON.stringify(config.goldTypes) } : {}),
    min_quantity: config.minQuantity,
    max_quantity: config.maxQuantity,
    fee_percent: config.feePercent,
    deliver_minutes: config.deliverMinutes,
    confirm_hours: config.confirmHours,
    ...(config.delivery ? { delivery: config.delivery } : {}),
  };
  await brokerDb(db)
    .insertInto('broker_configs')
    .values({ application_id: config.applicationId, ...values })
    .onConflict((oc) => oc.column('application_id').doUpdateSet({ ...values, updated_at: new Date() }))
    .execute();
}

/**
 * The games whose channel is open, most recommended first: their coin types and how many listings
 * of approved merchants are on sale (the lobby's entries).
 */
export async function openBrokerChannels(db: DbHandle) {
  const open = await brokerDb(db)
    .selectFrom('broker_configs')
    .select('application_id')
    .where('enabled', '=', true)
    .execute();
  const ids = new Set(open.map((r) => r.application_id));
  const counts = new Map(
    (
      await brokerDb(db)
        .selectFrom('broker_listings')
        .innerJoin('merchants', 'merchants.id', 'broker_listings.merchant_id')
        .select(['broker_listings.application_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('broker_listings.status', '=', BrokerListingStatus.ON_SALE)
        .where('broker_listings.deleted_at', 'is', null)
        .where('broker_listings.stock', '>', 0)
        .where('merchants.status', '=', 'approved')
        .groupBy('broker_listings.application_id')
        .execute()
    ).map((r) => [r.application_id, Number(r.n)]),
  );
  const list = [];
  for (const game of await allGames(db)) {
    if (!ids.has(game.application_id)) continue;
    list.push({
      applicationId: game.application_id,
      gameName: game.name,
      iconUrl: game.icon_url,
      goldTypes: (await brokerConfig(db, game.application_id)).goldTypes,
      onSaleCount: counts.get(game.application_id) ?? 0,
    });
  }
  return { list };
}

/**
 * The console's list: every game with its channel's settings (the defaults where none were set) and
 * the game's own coin types, those the operator may choose from.
 */
export async function brokerConfigsForConsole(db: DbHandle) {
  const list = [];
  for (const game of await allGames(db))
    list.push({
      ...(await brokerConfig(db, game.application_id)),
      gameName: game.name,
      gameGoldTypes: game.coin_types.map((c) => ({ goldType: c.type, goldName: c.name })),
    });
  return { list };
}
