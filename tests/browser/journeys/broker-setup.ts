import { type BrokerListing, type Merchant, merchantApply, publishCommodity } from '@app/protocol/calls/broker';
import { identification } from '@app/protocol/calls/identity';
import { expect } from 'vitest';
import { apiCall, baseUrl, hook } from '../browser';
import { phoneNumber } from './market-helpers';
import { idNumber } from './people';

/**
 * What the broker journeys set up through the API before a person takes over in the browser: the
 * operator's console calls, a new user with a real name, a merchant approved in the console, and
 * his coins on sale (docs/decisions/0023-broker.md). The journeys that test these steps themselves
 * (applying, the console's approval) click them instead.
 */
export const BROKER_GAME = 'demo-legend';

/** The console's API as the demo operator: the envelope of `path` (GET without a body, POST with one). */
export async function opsApi<T>(path: string, body?: unknown): Promise<{ code: string; msg: string; data: T }> {
  const login = await (
    await fetch(`${baseUrl()}/ops/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'ops-admin', password: 'demo-ops-123' }),
    })
  ).json();
  const answer = await fetch(`${baseUrl()}/ops/v1${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${(login.data as { token: string }).token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return answer.json();
}

/** A new phone (of `prefix`) signed in with a real name: its number and the headers of its session. */
export async function namedPerson(prefix: string, realName: string, birth: string, seq: string) {
  const phone = phoneNumber(prefix);
  const session = await hook<{ token: string }>('/dev/session', { phone });
  const headers = { 'x-token': session.token };
  const named = await apiCall(identification, { realName, idCard: idNumber(birth, seq) }, headers);
  expect(named.code, named.msg).toBe('200');
  return { phone, headers };
}

/** The person of `headers` applies as `shopName` and the operator approves him (¥5,000 of credit). */
export async function approvedMerchant(headers: { 'x-token': string }, shopName: string): Promise<string> {
  const applied = await apiCall<Merchant>(
    merchantApply,
    { applicationId: BROKER_GAME, shopName, agreement: true },
    headers,
  );
  expect(applied.code, applied.msg).toBe('200');
  const decided = await opsApi(`/merchants/${applied.data.merchantId}/decide`, {
    decision: 'approve',
    creditFen: 500_000,
  });
  expect(decided.code, decided.msg).toBe('200');
  return applied.data.merchantId;
}

/** 金币 on sale by the merchant of `headers` on `serverId`: 1万 at least per order, 500万 at most. */
export async function brokerListing(
  headers: { 'x-token': string },
  listing: { serverId: string; unitPrice: number; stock: number; deliverMinutes?: number },
): Promise<BrokerListing> {
  const listed = await apiCall<BrokerListing>(
    publishCommodity,
    {
      applicationId: BROKER_GAME,
      serverId: listing.serverId,
      goldType: 2,
      unitPrice: listing.unitPrice,
      stock: listing.stock,
      minPerOrder: 10_000,
      maxPerOrder: 5_000_000,
      deliverMinutes: listing.deliverMinutes ?? 15,
    },
    headers,
  );
  expect(listed.code, listed.msg).toBe('200');
  return listed.data;
}
