import { lazy } from 'react';
import ExchangeMyCollectPage from '../../features/exchange/collect/my-collect-page';

// The broker channel's collections are the second tab: their own chunk, loaded when it is opened.
const BrokerCollections = lazy(() => import('../../features/broker/broker-collections'));

/** 我的收藏 (exchange) with the broker domain's collections as its 商人商品 tab. */
export default function MyCollectPage() {
  return <ExchangeMyCollectPage BrokerCollections={BrokerCollections} />;
}
