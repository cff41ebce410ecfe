/** Query keys of the market feature (games, content). */
export const marketKeys = {
  all: ['market'] as const,
  banners: (place: string) => ['market', 'banners', place] as const,
  posters: (place: string) => ['market', 'posters', place] as const,
  popup: (place: string) => ['market', 'popup', place] as const,
  marquee: (appId: string | null) => ['market', 'marquee', appId] as const,
  advertising: (appId: string | null) => ['market', 'advertising', appId] as const,
  lastPlayed: (token: string | null) => ['market', 'lastPlayed', token] as const,
  playedGames: (token: string | null) => ['market', 'playedGames', token] as const,
  recommend: (kind: string, pageSize: number) => ['market', 'recommend', kind, pageSize] as const,
  lobby: (keyword: string) => ['market', 'lobby', keyword] as const,
  channels: (token: string | null) => ['market', 'channels', token] as const,
  webViewLink: (hyperlink: string) => ['market', 'webViewLink', hyperlink] as const,
};

export type Place = 'home' | 'sdkHome' | 'pcHome' | 'detail' | 'my';
