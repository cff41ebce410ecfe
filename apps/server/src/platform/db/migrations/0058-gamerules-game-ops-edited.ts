/**
 * The console's game settings (docs/decisions/0066-gamerules-console.md): once operations edited a
 * game's download links or cross-server display, the start-up sync from the catalogue and the game's
 * configuration leaves those columns as the operator set them.
 */
export const up = ['alter table games add column ops_edited boolean not null default false'];
