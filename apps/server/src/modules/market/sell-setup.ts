import type { RoleSnapshot } from '@app/game-partner/partner-types';
import { ErrorCode } from '@app/protocol/errors';
import { type CoinRule, DEFAULT_SELL_RULES, type SellRules } from '@app/protocol/sell-rules';
import type { DbHandle } from '../../platform/db/handle';
import { AppError } from '../../platform/errors';
import { withSeenTypes } from './game-types';
import { marketDb } from './market.tables';

export interface SellSetup {
  applicationId: string;
  gameName: string;
  iconUrl: string;
  consignmentOpen: boolean;
  itemExchangeOpen: boolean;
  presaleOpen: boolean;
  rules: SellRules;
}

/** Coin lots: a lot of the game's first (premium) coin is small, of its common gold large. */
const DEFAULT_COIN_RULE: Omit<CoinRule, 'coinType' | 'coinName'> = { coinMinPrice: 100, coinMinSellCount: 1_000 };

/**
 * A game's selling setup: the defaults under what the operator set in games.sell_rules; one coin
 * rule per coin type the game reports (games.coin_types), overridable per type. `seen`: a role
 * about to be listed, whose coin types count already though nothing is written (rememberTypes
 * records them once the listing passed its checks).
 */
export async function sellSetup(
  db: DbHandle,
  applicationId: string,
  seen?: Pick<RoleSnapshot, 'jobId' | 'jobName' | 'coins'>,
): Promise<SellSetup> {
  const game = await marketDb(db)
    .selectFrom('games')
    .select([
      'application_id',
      'name',
      'icon_url',
      'sell_rules',
      'role_types',
      'coin_types',
      'consignment_open',
      'item_exchange_open',
      'presale_open',
    ])
    .where('application_id', '=', applicationId)
    .executeTakeFirst();
  if (!game) throw new AppError(ErrorCode.APP_ID_INVALID);
  const coinTypes = seen ? withSeenTypes(game, seen).coinTypes : game.coin_types;
  const { coinRules: overrides = [], ...set } = game.sell_rules;
  const coinRules = coinTypes.map((c) => ({
    coinType: c.type,
    coinName: c.name,
    ...DEFAULT_COIN_RULE,
    ...overrides.find((o) => o.coinType === c.type),
  }));
  return {
    applicationId: game.application_id,
    gameName: game.name,
    iconUrl: game.icon_url,
    consignmentOpen: game.consignment_open,
    itemExchangeOpen: game.item_exchange_open,
    presaleOpen: game.presale_open,
    rules: { ...DEFAULT_SELL_RULES, ...set, coinRules },
  };
}
