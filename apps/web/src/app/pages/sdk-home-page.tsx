import { SdkCommodityList } from '../../features/exchange/commodity-list-page';
import MarketSdkHomePage from '../../features/market/sdk-home-page';

/** /h5sdk/pages/commodityList/list: the market's SDK home (news line, ad slot, popup) over the exchange's list. */
export default function SdkHomePage() {
  return <MarketSdkHomePage List={SdkCommodityList} />;
}
