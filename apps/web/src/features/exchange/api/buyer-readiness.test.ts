import { CommodityType } from '@app/protocol/commodity';
import { describe, expect, it, vi } from 'vitest';
import type { DeliveryTargets } from '../../../lib/delivery-targets';
import type { ServersById } from '../../../lib/queries/servers';
import { type QueryPart, type ReadinessParts, readinessOf } from './buyer-readiness';

const role = { type: CommodityType.ROLE, masterServerId: 'm1' };
const coins = { type: CommodityType.COIN, masterServerId: 'm1' };

const answered = <T>(data: T): QueryPart<T> => ({ data, isError: false, isFetching: false, refetch: vi.fn() });
const asking = <T>(): QueryPart<T> => ({ data: undefined, isError: false, isFetching: true, refetch: vi.fn() });
const failed = <T>(): QueryPart<T> => ({ data: undefined, isError: true, isFetching: false, refetch: vi.fn() });

const verified = answered({ hasAuthentication: '1' as const, realName: '关*', idCard: '1***7' });
const role1 = {
  roleId: 'r1',
  roleName: '关羽',
  serverId: 's1',
  jobName: '战士',
  level: 30,
  roleAtt: 1,
  accountId: 'a1',
};
const targets = (accounts: number, roles = [role1]): QueryPart<DeliveryTargets> =>
  answered({
    accounts: Array.from({ length: accounts }, (_, i) => ({ accountId: `a${i + 1}`, linkedAt: 0 })),
    roles,
  });
const servers: QueryPart<ServersById> = answered(
  new Map([
    ['s1', { serverId: 's1', serverName: '一区', masterServerId: 'm1' }],
    ['s2', { serverId: 's2', serverName: '二区', masterServerId: 'm2' }],
  ]),
);

describe("the detail page's 购买条件", () => {
  it('answers each row from its own calls: a failed call says so and can be asked again, the others still answer', () => {
    // accountList or roleList failed (a timeout on a slow network): the queries do not retry, so
    // the rows that need them were 查询中 for good, and so was the real name that had answered.
    const parts: ReadinessParts = { auth: verified, targets: failed(), servers: asking() };
    const r = readinessOf(role, parts);
    expect(r?.realName).toEqual({ state: 'ready', value: true });
    expect(r?.accounts).toMatchObject({ state: 'failed' });
    if (r?.accounts.state !== 'failed') throw new Error('not failed');
    r.accounts.retry();
    expect(parts.targets.refetch).toHaveBeenCalledTimes(1);
    expect(parts.auth.refetch).not.toHaveBeenCalled();
    // Asked again: pending until the answer, then the count.
    expect(readinessOf(role, { ...parts, targets: { ...failed(), isFetching: true } }).accounts).toEqual({
      state: 'pending',
    });
    expect(readinessOf(role, { ...parts, targets: targets(2) }).accounts).toEqual({ state: 'ready', value: 2 });
  });

  it('keeps what a call answered before when asking it again fails', () => {
    const stale = { ...targets(1), isError: true };
    expect(readinessOf(role, { auth: verified, targets: stale, servers: asking() }).accounts).toEqual({
      state: 'ready',
      value: 1,
    });
  });

  it('asks again only what failed: the server list of a coin lot, the identity', () => {
    const parts: ReadinessParts = { auth: failed(), targets: targets(1), servers: failed() };
    const r = readinessOf(coins, parts);
    expect(r.accounts).toEqual({ state: 'ready', value: 1 });
    expect(r.realName).toMatchObject({ state: 'failed' });
    expect(r.rolesInGroup).toMatchObject({ state: 'failed' });
    if (r.rolesInGroup.state === 'failed') r.rolesInGroup.retry();
    expect(parts.servers.refetch).toHaveBeenCalledTimes(1);
    expect(parts.targets.refetch).not.toHaveBeenCalled();
    expect(parts.auth.refetch).not.toHaveBeenCalled();
  });

  it('is pending while a call is under way, and a role listing needs no server list', () => {
    expect(readinessOf(role, { auth: asking(), targets: asking(), servers: asking() })).toEqual({
      realName: { state: 'pending' },
      accounts: { state: 'pending' },
      rolesInGroup: { state: 'ready', value: [] },
    });
    expect(readinessOf(role, { auth: verified, targets: targets(0), servers: asking() })).toEqual({
      realName: { state: 'ready', value: true },
      accounts: { state: 'ready', value: 0 },
      rolesInGroup: { state: 'ready', value: [] },
    });
    expect(readinessOf(coins, { auth: verified, targets: targets(1), servers: asking() }).rolesInGroup).toEqual({
      state: 'pending',
    });
  });

  it("counts a coin lot's roles on the listing's master server only, by the server's name", () => {
    const roles = [role1, { ...role1, roleId: 'r2', roleName: '张飞', serverId: 's2' }];
    const r = readinessOf(coins, { auth: verified, targets: targets(1, roles), servers });
    expect(r.rolesInGroup).toEqual({ state: 'ready', value: [{ roleName: '关羽', serverName: '一区' }] });
  });
});
