import { gameInfo } from '@app/protocol/calls/game';
import { useEffect, useState } from 'react';
import { Portal } from '../../components/portal';
import { callApi } from '../../lib/api/call-api';
import { hasHost, moveHost } from '../../lib/bridge';
import { storage } from '../../lib/storage';
import { track } from '../../lib/tracking-queue';
import { noLineChannel } from '../../lib/ui-bus';

/** The overlay's title when no game was chosen (or its info did not come): never an empty line. */
export const NO_LINE_FALLBACK_TITLE = '游戏账号';

/**
 * The no-line state (20301): the game's icon and name with '不在线'; closing it records an exit
 * event with the minutes it was shown (platform-shell §4). Inside a game, 返回游戏 takes the player
 * to role selection to log the role in again (backToSelectRole).
 */
export function NoLineHost() {
  const [since, setSince] = useState<number | null>(null);
  const [game, setGame] = useState<{ iconUrl: string; gameName: string } | null>(null);
  useEffect(
    () =>
      noLineChannel.on(({ since: at }) => {
        setSince(at);
        const appId = storage.get('currentAppId');
        setGame(null);
        if (appId) callApi(gameInfo, {}, { appId, ignoreError: true }).then(setGame, () => setGame(null));
      }),
    [],
  );
  if (since === null) return null;
  return (
    <Portal>
      <div className="overlay" style={{ background: '#fff', color: 'var(--c-text)' }} data-testid="no-line">
        {game?.iconUrl ? <img src={game.iconUrl} alt="" width={72} height={72} style={{ borderRadius: 16 }} /> : null}
        <div style={{ fontSize: 18, fontWeight: 700 }} data-testid="no-line-title">
          {game?.gameName || NO_LINE_FALLBACK_TITLE}
        </div>
        <div className="muted">不在线，请返回游戏重新登录</div>
        {hasHost() ? (
          <button
            type="button"
            className="btn btn-primary btn-sm"
            data-testid="no-line-back"
            onClick={() => {
              track('noLineExit', { minutes: Math.round((Date.now() - since) / 60_000) });
              setSince(null);
              void moveHost('backToSelectRole');
            }}
          >
            返回游戏
          </button>
        ) : null}
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          data-testid="no-line-close"
          onClick={() => {
            track('noLineExit', { minutes: Math.round((Date.now() - since) / 60_000) });
            setSince(null);
          }}
        >
          关闭
        </button>
      </div>
    </Portal>
  );
}
