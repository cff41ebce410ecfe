import { storage } from './storage';

/**
 * The game in view: the query, then the last game chosen (applicationIdClick / currentAppId).
 * None at all: the list asks for a game (GamePick) rather than the server's 'AppId异常'.
 */
export function listAppId(params: URLSearchParams): string {
  return params.get('applicationId') || storage.get('applicationIdClick') || storage.get('currentAppId') || '';
}
