import { ErrorCode } from '@app/protocol/errors';
import { type EditableRules, type GameSettings, type OpsGame, pickEditable } from '@app/protocol/ops-games';
import { DEFAULT_SELL_RULES } from '@app/protocol/sell-rules';
import type { DbHandle } from '../../platform/db/handle';
import { AppError } from '../../platform/errors';
import { marketDb } from './market.tables';

/**
 * A game's settings as operations edit them (the console's 游戏与规则): the operator's part of
 * games.sell_rules, the consignment switch, cross-server display and the download links. The market
 * owns the games table; the console reads and writes through these functions, and every listing,
 * offer and auction made afterwards reads the rules through sellSetup.
 */
const columns = [
  'application_id',
  'name',
  'icon_url',
  'sell_rules',
  'consignment_open',
  'cross_server',
  'ios_url',
  'android_url',
  'h5_ios_url',
  'h5_android_url',
  'pc_url',
] as const;

type Row = {
  application_id: string;
  name: string;
  icon_url: string;
  sell_rules: Partial<EditableRules>;
  consignment_open: boolean;
  cross_server: boolean;
  ios_url: string;
  android_url: string;
  h5_ios_url: string;
  h5_android_url: string;
  pc_url: string;
};

const toGame = (r: Row): OpsGame => ({
  gameId: r.application_id,
  name: r.name,
  iconUrl: r.icon_url,
  rules: pickEditable({ ...DEFAULT_SELL_RULES, ...r.sell_rules }),
  consignmentOpen: r.consignment_open,
  crossServer: r.cross_server,
  links: {
    iosUrl: r.ios_url,
    androidUrl: r.android_url,
    h5IosUrl: r.h5_ios_url,
    h5AndroidUrl: r.h5_android_url,
    pcUrl: r.pc_url,
  },
});

export async function listGameSettings(db: DbHandle): Promise<OpsGame[]> {
  const rows = await marketDb(db).selectFrom('games').select(columns).orderBy('application_id').execute();
  return rows.map(toGame);
}

/** One game's settings; `lock`: inside a transaction, held until it ends (one edit at a time). */
export async function gameSettings(db: DbHandle, gameId: string, lock = false): Promise<OpsGame> {
  let query = marketDb(db).selectFrom('games').select(columns).where('application_id', '=', gameId);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw new AppError(ErrorCode.APP_ID_INVALID, '游戏不存在');
  return toGame(row);
}

/** Writes the settings over what the game had (its other sell rules, the coin rules, stay); answers before and after. */
export async function writeGameSettings(db: DbHandle, gameId: string, next: GameSettings) {
  const before = await gameSettings(db, gameId, true);
  const current = await marketDb(db)
    .selectFrom('games')
    .select('sell_rules')
    .where('application_id', '=', gameId)
    .executeTakeFirstOrThrow();
  await marketDb(db)
    .updateTable('games')
    .set({
      sell_rules: JSON.stringify({ ...current.sell_rules, ...next.rules }),
      consignment_open: next.consignmentOpen,
      cross_server: next.crossServer,
      ios_url: next.links.iosUrl,
      android_url: next.links.androidUrl,
      h5_ios_url: next.links.h5IosUrl,
      h5_android_url: next.links.h5AndroidUrl,
      pc_url: next.links.pcUrl,
      ops_edited: true,
    })
    .where('application_id', '=', gameId)
    .execute();
  return { before, after: await gameSettings(db, gameId) };
}
