import type { SeedServices } from '../../apps/server/src/app';
import { brokerConfig, setBrokerConfig } from '../../apps/server/src/modules/broker/broker-config';
import { publishBrokerListing } from '../../apps/server/src/modules/broker/broker-listing.service';
import { admitMerchant, merchantOf } from '../../apps/server/src/modules/broker/merchant.service';
import type { GameGateway } from '../../apps/server/src/modules/games/game-gateway';
import { serverOf } from '../../apps/server/src/modules/market/catalogue';
import { rememberTypes } from '../../apps/server/src/modules/market/game-types';
import { findOrCreateUserByIdentity } from '../../apps/server/src/modules/user/user.service';
import type { Db } from '../../apps/server/src/platform/db/database';
import { COIN_BASE_PER_WAN } from './demo-market';
import { demoMerchantAccounts } from './embedded-demo-game';
import { createRng } from './rng';

/** The demo merchants' shops, two per game (the game's last two market accounts, which no journey uses: apps/demo-game/src/profiles.ts keeps them past the journeys' own). */
export const DEMO_SHOPS = ['金源商行', '万通币铺'] as const;
/** The demo merchants' credit line, as an operator would record it at approval. */
const DEMO_CREDIT_FEN = 1_000_000;
const WAN = 10_000;

/**
 * The demo market's broker channel: two approved merchants per demo game, each with a listing per
 * coin type on every server his roles stand on, the stock a part of what the role holds (what he can
 * deliver through the game). Once per merchant: a game whose accounts are merchants already is left
 * as it is. Only for the demo games (production's entry never loads this file).
 */
export async function seedDemoMerchants(
  db: Db,
  gateway: GameGateway,
  games: readonly string[],
  log: SeedServices['log'],
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
      const merchant = await admitMerchant(db, {
        userId: user.id,
        applicationId,
        shopName,
        creditFen: DEMO_CREDIT_FEN,
        decidedBy: '演示数据',
        note: '演示商人',
      });
      if (merchant === undefined) continue;
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
          // Published as the merchant would, through the channel's checks.
          await publishBrokerListing(db, user.id, {
            applicationId,
            serverId: snap.serverId,
            goldType: gold.goldType,
            unitPrice: Math.max(1, Math.round(perWan * (0.85 + rng() * 0.3))),
            stock,
            minPerOrder: config.minQuantity,
            maxPerOrder: Math.min(config.maxQuantity, Math.max(config.minQuantity, stock)),
            deliverMinutes: Math.min(config.deliverMinutes, 10 + 5 * Math.floor(rng() * 4)),
          });
          seeded.listings++;
        }
      }
    }
  }
  if (seeded.merchants > 0)
    log.info(seeded, `demo merchants seeded: ${seeded.merchants} merchants, ${seeded.listings} broker listings`);
  return seeded;
}

/** The demo games open their broker channel with the defaults (an operator's later choice is kept: setBrokerConfig). */
export async function openDemoChannels(db: Db, games: readonly string[]): Promise<void> {
  for (const applicationId of games)
    await setBrokerConfig(db, {
      applicationId,
      enabled: true,
      minQuantity: 10_000,
      maxQuantity: 100_000_000,
      feePercent: 3,
      deliverMinutes: 30,
      confirmHours: 24,
    });
}
