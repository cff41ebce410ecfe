import { Link } from 'react-router';
import { paths } from '../lib/paths';
import { useBrokerConfig } from '../lib/queries/broker-config';
import './broker-entry.css';

/** 商人卖币: the channel's entry beside the game's coin listings, shown where appBrokerConfig opens it. */
export function BrokerEntry({ scene, appId }: { scene: string; appId: string | null | undefined }) {
  const config = useBrokerConfig(appId ?? '');
  // Its box while the channel's setting comes, so the sections below do not jump when it opens.
  if (appId && config.isPending)
    return <div className="broker-entry skeleton" style={{ height: 56 }} aria-hidden="true" />;
  if (!appId || !config.data?.enabled) return null;
  return (
    <Link to={paths.brokerList(scene, appId)} className="broker-entry" data-testid="broker-entry">
      <span className="broker-entry-mark" aria-hidden="true">
        商
      </span>
      <span className="broker-entry-text">
        <b>商人卖币</b>
        <span>认证商人现货 · 按需购买 · {config.data.goldTypes.map((g) => g.goldName).join('/')}</span>
      </span>
      <span className="broker-entry-go">去看看 ›</span>
    </Link>
  );
}
