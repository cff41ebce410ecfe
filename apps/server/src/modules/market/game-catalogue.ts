import { pinyin } from 'pinyin-pro';
import type { DbHandle } from '../../platform/db/handle';
import type { GameGateway } from '../games/game-gateway';
import { forgetGameTerms } from './catalogue';
import { marketDb } from './market.tables';

/**
 * What the market knows of a game beyond the partner API: texts, download links, guide, tags.
 * A real game's entry comes from its operator; a composition mounting games hands theirs in.
 */
export interface CatalogueEntry {
  description: string;
  tags: string[];
  h5IosUrl: string;
  iosUrl: string;
  h5AndroidUrl: string;
  androidUrl: string;
  pcUrl: string;
  guideUrl: string;
  recommendRank: number;
  /** Percent of the price the buyer pays on top (0: the seller's fee covers the platform). */
  buyerFeePercent: number;
}

const NO_ENTRY: CatalogueEntry = {
  description: '',
  tags: [],
  h5IosUrl: '',
  iosUrl: '',
  h5AndroidUrl: '',
  androidUrl: '',
  pcUrl: '',
  guideUrl: '',
  recommendRank: 0,
  buyerFeePercent: 0,
};

/** Pinyin initial of a game name for the lobby's letter index ('#' when not a letter). */
export function initialOf(name: string): string {
  const first = pinyin(name.replace(/[^\p{L}\p{N}]/gu, '').slice(0, 1), { pattern: 'first', toneType: 'none' });
  const letter = first.toUpperCase().slice(0, 1);
  return /[A-Z]/.test(letter) ? letter : '#';
}

/** Pinyin initials of a text ('龙腾一区' → 'ltyq'), for the forgiving keyword search. */
export function initialsOf(text: string): string {
  return pinyin(text, { pattern: 'first', toneType: 'none', type: 'array', nonZh: 'consecutive' })
    .join('')
    .replace(/\s+/g, '')
    .toLowerCase();
}

/** The text the list's keyword searches: titles, role, server and item names, and their pinyin initials. */
export function searchTextOf(parts: Array<string | null | undefined>): string {
  const text = parts.filter(Boolean).join(' ');
  return `${text} ${initialsOf(text)}`.toLowerCase();
}

/**
 * Brings the games table in line with the configured games: name, icon and servers from the
 * game (partner API), cross-server trading and authType from its configuration, everything else
 * from the catalogue. Run at start; cheap and repeatable.
 */
export async function syncGames(
  handle: DbHandle,
  gateway: GameGateway,
  games: Array<{ gameId: string; name: string; iconUrl: string; crossServer: boolean; authType: number }>,
  catalogue: Readonly<Record<string, CatalogueEntry>> = {},
): Promise<void> {
  const db = marketDb(handle);
  for (const game of games) {
    // A game without an entry (one of GAMES, decision 0015) gets no links until its operator gives them.
    const entry = catalogue[game.gameId] ?? NO_ENTRY;
    const row = {
      name: game.name,
      icon_url: game.iconUrl,
      description: entry.description,
      initial: initialOf(game.name),
      tags: JSON.stringify(entry.tags),
      h5_ios_url: entry.h5IosUrl,
      ios_url: entry.iosUrl,
      h5_android_url: entry.h5AndroidUrl,
      android_url: entry.androidUrl,
      pc_url: entry.pcUrl,
      guide_url: entry.guideUrl,
      cross_server: game.crossServer,
      auth_type: game.authType,
      recommend_rank: entry.recommendRank,
      buyer_fee_percent: entry.buyerFeePercent,
    };
    // What operations edited in the console (links, cross-server display) stays as they set it.
    const { h5_ios_url, ios_url, h5_android_url, android_url, pc_url, cross_server, ...kept } = row;
    const edited = { h5_ios_url, ios_url, h5_android_url, android_url, pc_url, cross_server };
    await db
      .insertInto('games')
      .values({ application_id: game.gameId, ...row })
      .onConflict((oc) =>
        oc.column('application_id').doUpdateSet((eb) => ({
          ...kept,
          ...Object.fromEntries(
            Object.keys(edited).map((k) => [
              k,
              eb
                .case()
                .when('games.ops_edited', '=', true)
                .then(eb.ref(`games.${k as keyof typeof edited}`))
                .else(eb.ref(`excluded.${k as keyof typeof edited}`))
                .end(),
            ]),
          ),
        })),
      )
      .execute();
    const { servers } = await gateway.servers(game.gameId);
    for (const s of servers) {
      const server = { name: s.name, master_server_id: s.masterServerId, master_server_name: s.masterServerName };
      await db
        .insertInto('game_servers')
        .values({ application_id: game.gameId, server_id: s.id, ...server })
        .onConflict((oc) => oc.columns(['application_id', 'server_id']).doUpdateSet(server))
        .execute();
    }
  }
  forgetGameTerms();
}
