/** The tabs of the consign page (/h5sdk/pages/consignSale/roleCoin). */
export type ConsignTab = 'role' | 'coins' | 'items';

const BY_ROLE_PARAM: Record<string, ConsignTab> = {
  // The commodity types (1 role, 2 coin, 3 prop), their names, and role as a yes or no.
  '1': 'role',
  role: 'role',
  true: 'role',
  '2': 'coins',
  coin: 'coins',
  coins: 'coins',
  false: 'coins',
  '0': 'coins',
  '3': 'items',
  prop: 'items',
  props: 'items',
  item: 'items',
  items: 'items',
};

/**
 * What a game's link to the consign page asks for (business-flows §1: params gameName, role):
 * `role` picks the tab — a commodity type (1 role, 2 coin, 3 prop), its name, or true / false
 * (the role, or its coins); anything else opens the role tab. `gameName` is the game the link
 * names, shown above the tabs.
 */
export function consignParams(params: URLSearchParams): { tab: ConsignTab; gameName: string | null } {
  const role = (params.get('role') ?? '').trim().toLowerCase();
  const gameName = (params.get('gameName') ?? '').trim().slice(0, 40);
  const tab = Object.hasOwn(BY_ROLE_PARAM, role) ? (BY_ROLE_PARAM[role] as ConsignTab) : 'role';
  return { tab, gameName: gameName || null };
}
