import { BrokerListingStatus } from '@app/protocol/calls/broker';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/database';
import { demoMerchantAccounts } from '../games/embedded-demo-game';
import type { GameGateway } from '../games/game-gateway';
import { serverOf } from '../market/catalogue';
import { COIN_BASE_PER_WAN } from '../market/demo-market';
import { rememberTypes } from '../market/game-types';
import { createRng } from '../market/rng';
import { findOrCreateUserByIdentity } from '../user/user.service';
import { brokerDb } from './broker.tables';
import { brokerConfig } from './broker-config';
import { merchantOf } from './merchant.service';

/** The demo merchants' shops, two per game (the game's last two market accounts, which no journey uses: apps/demo-game/src/profiles.ts keeps them past the journeys' own). */
export const DEMO_SHOPS = ['金源商行', '万通币铺'] as const;
/** The demo merchants' credit line, as an operator would record it at approval. */
const DEMO_CREDIT_FEN = 1_000_000;
const WAN = 10_000;

/**
 * The demo market's broker channel: two approved merchants per demo game, each with a listing per
 * coin type on every server his roles stand on, the stock a part of what the role holds (what he can
 * deliver through the game). Once per merchant: a game whose accounts are merchants already is left
 * as it is. Only for the demo games (app.ts hands none in production).
 */
export async function seedDemoMerchants(
  db: Db,
  gateway: GameGateway,
  games: readonly string[],
  log: FastifyBaseLogger,
): Promise<{ merchants: number; listings: number }> {
  const seeded = { merchants: 0, listings: 0 };
  for (const applicationId of games) {
    const config = await brokerConfig(db, applicationId);
    if (!config.enabled) continue;
    const rng = createRng(`broker-${applicationId}`);
    for (const [i, accountId] of demoMerchantAccounts(applicationId).entries()) {
      const { roles } = await gateway.roles(applicationId, accountId);
      const user = await findOrCreateUserByIdentity(db, `game:${applicationId}`, accountId, roles[0]?.name ?? null);
      if (await merchantOf(db, user.id, applicationId)) continue;
      const shopName = DEMO_SHOPS[i] as string;
      const now = new Date();
      const merchant = await brokerDb(db)
        .insertInto('merchants')
        .values({
          user_id: user.id,
          application_id: applicationId,
          shop_name: shopName,
          status: 'approved',
          credit_fen: DEMO_CREDIT_FEN,
          terms_accepted_at: now,
          decided_by: '演示数据',
          decided_at: now,
          note: '演示商人',
        })
        .onConflict((oc) => oc.columns(['user_id', 'application_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!merchant) continue;
      seeded.merchants++;
      for (const role of roles.filter((r) => !r.locked)) {
        const snap = await gateway.snapshot(applicationId, role.id);
        const server = await serverOf(db, applicationId, snap.serverId);
        if (!server) continue;
        // The coin types a role shows are the game's (as the demo market's listings make them).
        await rememberTypes(db, applicationId, snap);
        for (const gold of (await brokerConfig(db, applicationId)).goldTypes) {
          const coin = snap.coins.find((c) => c.coinType === gold.goldName);
          const stock = Math.floor(((coin?.available ?? 0) * 0.4) / WAN) * WAN;
          if (stock < config.minQuantity) continue;
          const perWan = COIN_BASE_PER_WAN[gold.goldType - 1] ?? 500;
          await brokerDb(db)
            .insertInto('broker_listings')
            .values({
              merchant_id: merchant.id,
              seller_user_id: user.id,
              application_id: applicationId,
              server_id: snap.serverId,
              server_name: server.name,
              master_server_id: server.masterServerId,
              gold_type: gold.goldType,
              gold_name: gold.goldName,
              unit_price_fen: Math.max(1, Math.round(perWan * (0.85 + rng() * 0.3))),
              stock,
              min_per_order: config.minQuantity,
              max_per_order: Math.min(config.maxQuantity, Math.max(config.minQuantity, stock)),
              deliver_minutes: Math.min(config.deliverMinutes, 10 + 5 * Math.floor(rng() * 4)),
              status: BrokerListingStatus.ON_SALE,
            })
            .execute();
          seeded.listings++;
        }
      }
    }
  }
  if (seeded.merchants > 0)
    log.info(seeded, `demo merchants seeded: ${seeded.merchants} merchants, ${seeded.listings} broker listings`);
  return seeded;
}
