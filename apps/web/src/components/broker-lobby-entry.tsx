import { Link } from 'react-router';
import { paths } from '../lib/paths';
import { useBrokerChannels } from '../lib/queries/broker-channels';
import './broker-entry.css';

/**
 * 商人卖币 in the game lobby: one entry per game whose channel appBrokerConfig opens (none: nothing
 * shown), each to that game's merchant listings, with how many are on sale.
 */
export function BrokerLobbyEntry({ scene }: { scene: string }) {
  const channels = useBrokerChannels();
  const list = channels.data?.list ?? [];
  if (list.length === 0) return null;
  return (
    <section className="card section broker-lobby" data-testid="lobby-broker">
      <div className="section-head">
        <span className="section-title">商人卖币</span>
        <span className="muted">认证商人现货，按需购买</span>
      </div>
      {list.map((c) => (
        <Link
          key={c.applicationId}
          to={paths.brokerList(scene, c.applicationId)}
          className="broker-entry"
          data-testid="lobby-broker-entry"
          data-app-id={c.applicationId}
        >
          {c.iconUrl ? (
            <img className="broker-entry-mark" src={c.iconUrl} alt="" width={34} height={34} />
          ) : (
            <span className="broker-entry-mark" aria-hidden="true">
              商
            </span>
          )}
          <span className="broker-entry-text">
            <b>{c.gameName}</b>
            <span>
              {c.goldTypes.map((g) => g.goldName).join('/')} · {c.onSaleCount}个商人商品在售
            </span>
          </span>
          <span className="broker-entry-go">去购买 ›</span>
        </Link>
      ))}
    </section>
  );
}
