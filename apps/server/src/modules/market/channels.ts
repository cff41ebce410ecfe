/** The home's channel tabs: fixed ones first and always selected, then the user's choice in order. */
export const CHANNELS = [
  { channelId: 'recommend', name: '推荐', fixed: true },
  { channelId: 'role', name: '角色', fixed: true },
  { channelId: 'coin', name: '游戏币', fixed: false },
  { channelId: 'prop', name: '道具', fixed: false },
  { channelId: 'presale', name: '预售', fixed: false },
  { channelId: 'auction', name: '拍卖', fixed: false },
  { channelId: 'cheap', name: '捡漏', fixed: false },
] as const;

const DEFAULT_SELECTED = ['recommend', 'role', 'coin', 'prop'];

export function orderChannels(saved: readonly string[] | null) {
  const selected = saved ?? DEFAULT_SELECTED;
  const fixed = CHANNELS.filter((c) => c.fixed);
  const chosen = selected
    .map((id) => CHANNELS.find((c) => c.channelId === id))
    .filter((c): c is (typeof CHANNELS)[number] => Boolean(c) && !c?.fixed);
  const rest = CHANNELS.filter((c) => !c.fixed && !chosen.includes(c));
  return [
    ...fixed.map((c) => ({ ...c, selected: true })),
    ...chosen.map((c) => ({ ...c, selected: true })),
    ...rest.map((c) => ({ ...c, selected: false })),
  ];
}
