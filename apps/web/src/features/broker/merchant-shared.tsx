import type { Merchant } from '@app/protocol/calls/broker';
import { formatDate } from '@app/protocol/format';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { listAppId } from '../../lib/list-app-id';
import { paths } from '../../lib/paths';
import { useGameLobby } from '../../lib/queries/get-game-lobby';
import { storage } from '../../lib/storage';
import { allGames, merchantStateHint } from './broker-logic';
import './broker.css';

/** The game of the merchant pages: the query, then the last game chosen, then the first game there is. */
export function useMerchantGame() {
  const [params, setParams] = useSearchParams();
  const lobby = useGameLobby('');
  const games = allGames(lobby.data);
  const appId = listAppId(params) || games[0]?.applicationId || '';
  const game = games.find((g) => g.applicationId === appId);
  const choose = (applicationId: string) => {
    const next = new URLSearchParams(params);
    next.set('applicationId', applicationId);
    next.delete('page');
    setParams(next, { replace: true });
  };
  return { appId, game, games, choose };
}

/** The game picker of the merchant pages (a merchant is one per game). */
export function GameSelect({
  appId,
  games,
  onChoose,
}: {
  appId: string;
  games: Array<{ applicationId: string; gameName: string }>;
  onChoose: (applicationId: string) => void;
}) {
  return (
    <label className="broker-game-select">
      <span>游戏</span>
      <select
        value={appId}
        onChange={(e) => onChoose(e.target.value)}
        data-testid="merchant-game"
        aria-label="选择游戏"
      >
        {games.map((g) => (
          <option key={g.applicationId} value={g.applicationId}>
            {g.gameName}
          </option>
        ))}
      </select>
    </label>
  );
}

/** My standing as a merchant: the status word, since when, the operator's note. */
export function MerchantStatusCard({ merchant }: { merchant: Merchant }) {
  return (
    <section className={`card merchant-status m-${merchant.status}`} data-testid="merchant-status">
      <div className="merchant-status-top">
        <b>{merchant.shopName}</b>
        <span className="merchant-status-word" data-testid="merchant-status-word">
          {merchant.statusLabel}
        </span>
      </div>
      <p className="muted">{merchantStateHint[merchant.status]}</p>
      {merchant.note ? (
        <p className="merchant-note" data-testid="merchant-note">
          {merchant.status === 'approved' ? '审核说明' : '原因'}：{merchant.note}
        </p>
      ) : null}
      <p className="muted merchant-since">申请时间 {formatDate(merchant.createTime * 1000)}</p>
    </section>
  );
}

/** Logged out: the merchant pages ask for a login first. */
export function LoginFirst({ scene, what }: { scene: string; what: string }) {
  const from = `${globalThis.location.pathname}${globalThis.location.search}`;
  return (
    <EmptyState
      title={`登录后${what}`}
      action={
        <Link className="btn btn-primary btn-sm broker-action-gap" to={paths.login(scene, from)}>
          去登录
        </Link>
      }
    />
  );
}

export const loggedIn = () => Boolean(storage.get('token'));
