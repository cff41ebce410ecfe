import { PriceIndexLine } from '../../../components/price-index-line';
import { useGameConfig } from '../../../lib/queries/get-filter-options';
import type { ListFilters } from './commodity-filters';

/** The coin list's 行情 line: the coin type filtered on (else the game's first) in the server group filtered on. */
export function CoinIndexLine({ scene, appId, filters }: { scene: string; appId: string; filters: ListFilters }) {
  const { data: config } = useGameConfig(appId);
  const coin = config?.coinTypeList.find((c) => c.type === filters.coinType) ?? config?.coinTypeList[0];
  return (
    <PriceIndexLine
      scene={scene}
      appId={appId}
      coinType={coin?.type}
      coinName={coin?.name}
      masterServerId={filters.masterServerId}
    />
  );
}
