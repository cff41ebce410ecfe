/**
 * The game config's authType (decision 0034): which real-name dialog a game asks for, 1 switchable,
 * 2 ID photos, 3 name and number. Written by syncGames from the configured game (GAMES' authType,
 * the demo games' own); 1 until then.
 */
export const up = ['alter table games add column auth_type smallint not null default 1'];
