import type { CommodityListRequest } from '@app/protocol/calls/exchange';
import type { Game } from '@app/protocol/calls/market-games';
import type { Platform } from '@app/protocol/platform';

/** Small pure rules of the market pages: popup interval, download link, channel filters. */

export interface PopupSeen {
  id: string;
  at: number;
}

/** The popup shows again only intervalHours after it was last shown (a new popup id shows at once). */
export function shouldShowPopup(seen: PopupSeen | null, popup: { id: string; intervalHours: number }, now: number) {
  if (!seen || seen.id !== popup.id) return true;
  return now - seen.at >= Math.max(0, popup.intervalHours) * 3_600_000;
}

export type DeviceKind = 'ios' | 'android' | 'pc';

export function deviceKindOf(platform: Platform): DeviceKind {
  if (platform.endsWith('-ios')) return 'ios';
  if (platform.endsWith('-android')) return 'android';
  return 'pc';
}

/** The game's download link for this platform: native scenes prefer the store link, H5 the H5 page. */
export function downloadLinkFor(game: Game, platform: Platform): { kind: DeviceKind; url: string } {
  const kind = deviceKindOf(platform);
  const h5 = platform.startsWith('h5-') && !platform.startsWith('h5-sdk');
  if (kind === 'ios') return { kind, url: (h5 ? game.h5IosDownloadUrl : game.iosDownloadUrl) || '' };
  if (kind === 'android') return { kind, url: (h5 ? game.h5AndroidDownloadUrl : game.androidDownloadUrl) || '' };
  return { kind, url: game.pcDownloadUrl || '' };
}

/** The filter a home channel tab puts on the latest listings; unknown channels show everything. */
export function channelFilter(channelId: string): Partial<CommodityListRequest> {
  const id = channelId.toLowerCase();
  if (id.includes('role')) return { type: 1 };
  if (id.includes('coin')) return { type: 2 };
  if (id.includes('prop')) return { type: 3 };
  if (id.includes('presale')) return { saleType: 1 };
  if (id.includes('auction')) return { saleType: 2 };
  if (id.includes('cheap') || id.includes('price')) return { sort: 'priceAsc' };
  if (id.includes('level')) return { sort: 'levelDesc' };
  return {};
}

/** Moves a channel one place up or down in the edit sheet (fixed channels stay put). */
export function moveChannel<T extends { channelId: string; fixed: boolean }>(list: T[], id: string, by: -1 | 1): T[] {
  const from = list.findIndex((c) => c.channelId === id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= list.length || list[from]?.fixed || list[to]?.fixed) return list;
  const next = [...list];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

/** The games of the lobby whose name or initial matches a keyword (client-side filter while typing). */
export function groupByInitial<T extends { initial: string }>(games: T[]): Array<{ initial: string; games: T[] }> {
  const map = new Map<string, T[]>();
  for (const g of games) {
    const key = /^[A-Z]$/i.test(g.initial) ? g.initial.toUpperCase() : '#';
    map.set(key, [...(map.get(key) ?? []), g]);
  }
  return [...map.entries()]
    .sort(([a], [b]) => (a === '#' ? 1 : b === '#' ? -1 : a.localeCompare(b)))
    .map(([initial, list]) => ({ initial, games: list }));
}
