import { type BrokerListing, merchantApply, publishCommodity } from '@app/protocol/calls/broker';
import { expect } from 'vitest';
import { setBrokerConfig } from '../src/modules/broker/broker-config';
import { expectCode, type TestApp, type TestClient } from './helpers';
import { opsApi } from './ops-helpers';

/**
 * The broker channel's setup the broker test files share (docs/decisions/0023-broker.md): the
 * channel of 传奇·演示 opened for 金币, a player applying as a merchant and approved by the
 * operator, a listing published. Each file then places, pays and delivers its own orders.
 */
export const BROKER_GAME = 'demo-legend';

export const BROKER_CONFIG = {
  applicationId: BROKER_GAME,
  enabled: true,
  goldTypes: [{ goldType: 2, goldName: '金币' }],
  minQuantity: 10_000,
  maxQuantity: 100_000_000,
  feePercent: 3,
  deliverMinutes: 60,
  confirmHours: 24,
};

/** Opens the channel (BROKER_CONFIG, with `over`). */
export const openBrokerChannel = (t: TestApp, over: Partial<Parameters<typeof setBrokerConfig>[1]> = {}) =>
  setBrokerConfig(t.db, { ...BROKER_CONFIG, ...over });

/** The player (his session's token) applies as `shopName`; the operator approves him with ¥1,000 of credit. */
export async function approvedMerchant(t: TestApp, client: TestClient, token: string, shopName: string) {
  const applied = await client.call(
    merchantApply,
    { applicationId: BROKER_GAME, shopName, agreement: true },
    { token },
  );
  expectCode(applied, '200');
  const { merchantId } = applied.data as { merchantId: string };
  const ops = opsApi(t);
  const decided = await ops.call('POST', `/merchants/${merchantId}/decide`, {
    token: await ops.login('ops-admin', 'demo-ops-123'),
    body: { decision: 'approve', creditFen: 100_000 },
  });
  expect(decided.data).toMatchObject({ status: 'approved' });
  return merchantId;
}

/** A 金币 listing of the merchant on his role's server: ¥1.50 per 万, 500万 in stock, 1万–100万 per order. */
export async function publishedListing(
  client: TestClient,
  merchant: { token: string; pt: { serverId: string } },
  over: Record<string, unknown> = {},
): Promise<BrokerListing> {
  const listed = await client.call(
    publishCommodity,
    {
      applicationId: BROKER_GAME,
      serverId: merchant.pt.serverId,
      goldType: 2,
      unitPrice: 150,
      stock: 5_000_000,
      minPerOrder: 10_000,
      maxPerOrder: 1_000_000,
      deliverMinutes: 30,
      ...over,
    },
    { token: merchant.token },
  );
  expectCode(listed, '200');
  return listed.data as BrokerListing;
}
