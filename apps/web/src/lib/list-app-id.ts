import { storage } from './storage';

/**
 * The game in view: the query, then the last game chosen (applicationIdClick / currentAppId).
 * None at all leaves X-AppId out, and the server's 'AppId异常' is shown (platform-shell §6).
 */
export function listAppId(params: URLSearchParams): string {
  return params.get('applicationId') || storage.get('applicationIdClick') || storage.get('currentAppId') || '';
}
