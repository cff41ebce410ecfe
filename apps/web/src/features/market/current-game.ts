import { storage } from '../../lib/storage';

/** The game the user chose last (lobby, switcher, popular games); it becomes the X-AppId too. */
export function setCurrentGame(game: { applicationId: string; gameName: string }): void {
  storage.set('applicationIdClick', game.applicationId);
  storage.set('applicationNameClick', game.gameName);
  storage.set('currentAppId', game.applicationId);
}

export function chosenGameId(): string | null {
  return storage.get('applicationIdClick');
}

/** The list page of a game, optionally of one type (1 role, 2 coin, 3 prop). */
export function gameListPath(scene: string, applicationId: string, type?: number): string {
  const q = new URLSearchParams({ applicationId });
  if (type) q.set('type', String(type));
  return `/${scene}/pages/commodityList/list?${q.toString()}`;
}
