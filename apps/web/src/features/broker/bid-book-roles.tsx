import { useDeliveryTargets } from '../../lib/delivery-targets';
import { useBrokerServers } from './api/broker-api';
import type { BookCoin } from './bid-book-form';

/**
 * The roles of my linked game accounts in the book's server group (the game's, as the broker order
 * confirm page picks them): the receiving role of a bid, the selling role of a sale. A choice is
 * `account|role`.
 */
export function useGroupRoles(coin: BookCoin) {
  const targets = useDeliveryTargets(coin.appId, true);
  const servers = useBrokerServers(coin.appId);
  const group = new Set(
    (servers.data?.list ?? []).filter((s) => s.masterServerId === coin.masterServerId).map((s) => s.serverId),
  );
  return {
    roles: (targets.data?.roles ?? []).filter((r) => group.has(r.serverId)),
    loading: targets.isPending || servers.isPending,
  };
}

/** The request fields of a chosen `account|role`. */
export function roleFields(choice: string): { gameAccountId: string; gameRoleId: string } {
  const [gameAccountId = '', gameRoleId = ''] = choice.split('|');
  return { gameAccountId, gameRoleId };
}

/** The field of my roles in the group, captioned `label`; `none` is what it says when there is none. */
export function GroupRoleField({
  label,
  roles,
  value,
  onChange,
  placeholder,
  none,
  testId,
}: {
  label: string;
  roles: ReturnType<typeof useGroupRoles>['roles'];
  value: string;
  onChange: (choice: string) => void;
  placeholder: string;
  none: string;
  testId: string;
}) {
  return (
    <label className="broker-field">
      <span>{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
        <option value="">{roles.length ? placeholder : none}</option>
        {roles.map((r) => (
          <option key={`${r.accountId}|${r.roleId}`} value={`${r.accountId}|${r.roleId}`}>
            {r.roleName}（{r.level}级）
          </option>
        ))}
      </select>
    </label>
  );
}
