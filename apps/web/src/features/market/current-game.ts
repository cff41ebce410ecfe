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
