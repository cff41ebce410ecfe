import type { BrokerConfig } from '@app/protocol/calls/broker';
import { ErrorCode } from '@app/protocol/errors';
import type { DbHandle } from '../../platform/db/handle';
import { AppError } from '../../platform/errors';
import { gameById } from '../market/catalogue';
import { brokerDb } from './broker.tables';

/** A game's channel before an operator sets it: closed, its coin types, these bounds and windows. */
export const DEFAULT_BROKER_CONFIG = {
  minQuantity: 10_000,
  maxQuantity: 100_000_000,
  feePercent: 3,
  deliverMinutes: 30,
  confirmHours: 24,
} as const;

/**
 * appBrokerConfig: the operator's settings of the game's channel (broker_configs), or the defaults
 * with the channel closed; the coin types are the game's own when none were chosen.
 */
export async function brokerConfig(db: DbHandle, applicationId: string): Promise<BrokerConfig> {
  const game = await gameById(db, applicationId);
  if (!game) throw new AppError(ErrorCode.APP_ID_INVALID);
  const row = await brokerDb(db)
    .selectFrom('broker_configs')
    .selectAll()
    .where('application_id', '=', applicationId)
    .executeTakeFirst();
  const gameTypes = game.coin_types.map((c) => ({ goldType: c.type, goldName: c.name }));
  if (!row) return { applicationId, enabled: false, goldTypes: gameTypes, ...DEFAULT_BROKER_CONFIG };
  return {
    applicationId,
    enabled: row.enabled,
    goldTypes: row.gold_types.length ? row.gold_types : gameTypes,
    minQuantity: Number(row.min_quantity),
    maxQuantity: Number(row.max_quantity),
    feePercent: Number(row.fee_percent),
    deliverMinutes: row.deliver_minutes,
    confirmHours: row.confirm_hours,
  };
}

/** The operator's (or the demo's) settings of a game's channel. */
export async function setBrokerConfig(
  db: DbHandle,
  config: Omit<BrokerConfig, 'goldTypes'> & { goldTypes?: BrokerConfig['goldTypes'] },
): Promise<void> {
  const values = {
    enabled: config.enabled,
    gold_types: JSON.stringify(config.goldTypes ?? []),
    min_quantity: config.minQuantity,
    max_quantity: config.maxQuantity,
    fee_percent: config.feePercent,
    deliver_minutes: config.deliverMinutes,
    confirm_hours: config.confirmHours,
  };
  await brokerDb(db)
    .insertInto('broker_configs')
    .values({ application_id: config.applicationId, ...values })
    .onConflict((oc) => oc.column('application_id').doUpdateSet({ ...values, updated_at: new Date() }))
    .execute();
}
