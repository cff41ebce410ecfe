import { accountList, roleList } from '@app/protocol/calls/game';
import { useQuery } from '@tanstack/react-query';
import { callApi } from './api/call-api';

/**
 * Where bought goods can go outside the game (orders and offers ask the same): the buyer's linked
 * game accounts for a role, their roles for coins and props. Inside the game the token's own
 * account or role receives, and nothing is asked.
 */
export const useDeliveryTargets = (appId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['delivery-targets', appId],
    // Both at once: the roles (which the game answers) used to wait for the accounts.
    queryFn: async () => {
      const [accounts, roles] = await Promise.all([
        callApi(accountList, {}, { appId }),
        callApi(roleList, {}, { appId }),
      ]);
      return { accounts: accounts.list, roles: roles.list };
    },
    enabled: enabled && Boolean(appId),
  });

export type DeliveryTargets = NonNullable<ReturnType<typeof useDeliveryTargets>['data']>;

/** The choices of a select: accounts for a role (`account`), roles for goods (`account|role`). */
export function targetOptions(targets: DeliveryTargets | undefined, roleGoods: boolean) {
  return roleGoods
    ? (targets?.accounts ?? []).map((a) => ({ value: a.accountId, label: `游戏账号 ${a.accountId}` }))
    : (targets?.roles ?? []).map((r) => ({
        value: `${r.accountId}|${r.roleId}`,
        label: `${r.roleName}（${r.level}级）`,
      }));
}

/** The request fields of a chosen option. */
export function targetFields(target: string): { gameAccountId?: string; gameRoleId?: string } {
  const [account, role] = target.split('|');
  return { ...(account ? { gameAccountId: account } : {}), ...(role ? { gameRoleId: role } : {}) };
}
