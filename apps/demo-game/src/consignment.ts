import type { KeyAnnouncement, KeyNotifier, Screenshot, ScreenshotNotifier } from '@app/game-partner/partner-callbacks';
import { announcedKey } from './consignment-key';
import type { FileStore } from './file-store';
import type { Game } from './game.service';
import { GameError } from './game-error';
import { renderRoleSvg, SCREENSHOT_KINDS } from './render-svg';
import type { Store } from './store';
import { findRole, serverOf, tokenRole } from './world';

/**
 * Game → exchange: the consignment key and the role's screenshots. Screenshots are snapshots: the
 * role's SVGs rendered now and kept as files, so a listing shows the role as it was when listed.
 */
export function createConsignment(opts: {
  store: Store;
  game: Game;
  files: FileStore;
  now: () => number;
  notifyKey?: KeyNotifier | undefined;
  notifyScreenshots?: ScreenshotNotifier | undefined;
}) {
  const { store, game, files } = opts;

  /** Renders the four screenshots; `filesUrl` is where /files/ is reached (relative or absolute). */
  async function takeScreenshots(roleId: string, filesUrl: string): Promise<Screenshot[]> {
    const w = store.read();
    const role = findRole(w, roleId);
    const serverName = serverOf(w, role.serverId).name;
    const stamp = opts.now();
    return Promise.all(
      SCREENSHOT_KINDS.map(async (kind) => {
        const id = await files.put(
          `${role.id}-${kind}-${stamp}.svg`,
          Buffer.from(renderRoleSvg(role, kind, serverName)),
        );
        return { kind, url: `${filesUrl}/${id}` };
      }),
    );
  }

  return {
    takeScreenshots,

    /**
     * Issues the key (locks the role), announces it with fresh screenshots; a refusal releases it.
     * The exchange hears the key without its dashes; the player gets it grouped (XXXX-XXXX-…).
     */
    async issueKey(token: string, filesUrl: string): Promise<KeyAnnouncement> {
      const issued = await game.issueKey(token);
      const announcement = { ...issued, screenshots: await takeScreenshots(issued.roleId, filesUrl) };
      if (opts.notifyKey) {
        try {
          await opts.notifyKey({ ...announcement, key: announcedKey(issued.key) });
        } catch {
          await game.releaseKey(token);
          throw new GameError('EXCHANGE_UNAVAILABLE', '交易平台暂不可用，请稍后再试');
        }
      }
      return announcement;
    },

    /** The bridge's `screenshots`: re-render and upload; answers the URLs even if no exchange listens. */
    async refreshScreenshots(token: string, filesUrl: string) {
      const role = tokenRole(store.read(), token, opts.now());
      const screenshots = await takeScreenshots(role.id, filesUrl);
      let uploaded = false;
      if (opts.notifyScreenshots) {
        try {
          await opts.notifyScreenshots({
            accountId: role.accountId,
            serverId: role.serverId,
            roleId: role.id,
            takenAt: opts.now(),
            screenshots,
          });
          uploaded = true;
        } catch {
          uploaded = false;
        }
      }
      return { screenshots, uploaded };
    },
  };
}
export type Consignment = ReturnType<typeof createConsignment>;
