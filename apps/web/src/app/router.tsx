import { SCENES } from '@app/protocol/platform';
import { type ComponentType, lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { HomeSkeleton } from '../components/skeleton';
import { SceneShell } from './scene-shell';

const page = (load: () => Promise<{ default: ComponentType }>) => {
  const Page = lazy(load);
  return (
    <Suspense fallback={<HomeSkeleton />}>
      <Page />
    </Suspense>
  );
};

const home = () => import('./pages/home-page');
const list = () => import('../features/exchange/commodity-list-page');
const detail = () => import('./pages/commodity-detail-page');
const myCollect = () => import('../features/exchange/collect/my-collect-page');
const login = () => import('../features/user/login-page');
const my = () => import('./pages/my-page');
const maintenance = () => import('../features/system/under-maintenance-page');
const notFound = () => import('../features/system/not-found-page');
const realName = () => import('../features/identity/real-name-page');
const realNameStatus = () => import('../features/identity/real-name-status-page');
const popularGame = () => import('../features/market/popular-game-page');
const recommendGame = () => import('../features/market/recommend-game-page');
const gameLobby = () => import('../features/market/game-lobby-page');
const webViewImage = () => import('../features/market/web-view-image-page');
const sdkHome = () => import('./pages/sdk-home-page');
const manualPresale = () => import('../features/consignment/presale/manual-presale-page');
const presaleDetail = () => import('../features/consignment/presale/presale-detail-page');
const consign = () => import('./pages/consign-page');
const shelf = () => import('../features/consignment/shelf/shelf-page');
const retrieveShelf = () => import('../features/consignment/shelf/retrieve-shelf-page');
const keySale = () => import('./pages/key-sale-page');
const orderConfirm = () => import('../features/orders/order-confirm-page');
const cashier = () => import('../features/orders/cashier-page');
const orderDetail = () => import('../features/orders/order-detail-page');
const orderList = () => import('../features/orders/order-list-page');
const wechatLanding = () => import('../features/orders/wechat-landing-page');
const withdraw = () => import('../features/withdrawal/withdraw-page');
const myCoupon = () => import('../features/coupon/my-coupon-page');
const opsConsole = () => import('../features/ops/ops-console-page');
const myOffers = () => import('../features/bargain/my-offers-page');
const receivedOffers = () => import('../features/bargain/received-offers-page');

/** The pages every scene has, under /{scene}/pages/... (platform-shell §2). */
function sceneRoutes(scene: string): RouteObject[] {
  const base = `/${scene}/pages`;
  return [
    { path: `${base}/index/index`, element: page(home) },
    { path: `${base}/commodityList/list`, element: page(list) },
    { path: `${base}/commodityDetail/index`, element: page(detail) },
    // The share link's page (productNew/info?ct=0&id=…&share=share); on a PC launch sends it to the web detail.
    { path: `${base}/productNew/info`, element: page(detail) },
    { path: `${base}/userCenter/myCollect/index`, element: page(myCollect) },
    { path: `${base}/login/login`, element: page(login) },
    { path: `${base}/userCenter/index`, element: page(my) },
    { path: `${base}/my/index`, element: page(my) },
    { path: `${base}/underMaintenance/underMaintenance`, element: page(maintenance) },
    { path: `${base}/userCenter/cardIdRelevant/cardIdUpload/cardIdUpload`, element: page(realName) },
    { path: `${base}/userCenter/cardIdRelevant/cardIdUpload/cardIdStatus`, element: page(realNameStatus) },
    { path: `${base}/popularGame/index`, element: page(popularGame) },
    { path: `${base}/recommendGame/index`, element: page(recommendGame) },
    { path: `${base}/gameLobby/index`, element: page(gameLobby) },
    { path: `${base}/webViewImage/webViewImage`, element: page(webViewImage) },
    { path: `${base}/manualPreSale/manualPreSale`, element: page(manualPresale) },
    { path: `${base}/userCenter/saleShelf/preSaledetails`, element: page(presaleDetail) },
    { path: `${base}/userCenter/saleShelf/saleShelf`, element: page(shelf) },
    { path: `${base}/getBackRole/getBackRole`, element: page(retrieveShelf) },
    { path: `${base}/orderNew/orderConfirmPlace/orderConfirmPlace`, element: page(orderConfirm) },
    { path: `${base}/orderNew/cashier/cashier`, element: page(cashier) },
    { path: `${base}/orderNew/orderDetail/orderDetail`, element: page(orderDetail) },
    { path: `${base}/orderNew/orderList/orderList`, element: page(orderList) },
    { path: `${base}/orderNew/orderConfirmPlace/orderConfirmPlaceForWx`, element: page(wechatLanding) },
    { path: `${base}/userCenter/cashWithdrawal/cashWithdrawal`, element: page(withdraw) },
    { path: `${base}/userCenter/myCoupon/myCoupon`, element: page(myCoupon) },
    { path: `${base}/bargain/myOffers`, element: page(myOffers) },
    { path: `${base}/bargain/receivedOffers`, element: page(receivedOffers) },
  ];
}

export function createAppRouter() {
  return createBrowserRouter([
    // The customer-service console: no scene, no scene guard.
    { path: '/ops', element: page(opsConsole) },
    {
      element: <SceneShell />,
      children: [
        // The SDK home (marquee, ad slot, popup over the list) comes before the shared list route.
        { path: '/h5sdk/pages/commodityList/list', element: page(sdkHome) },
        { path: '/h5sdk/pages/consignSale/roleCoin', element: page(consign) },
        { path: '/h5sdk/pages/shelves/shelves', element: page(shelf) },
        { path: '/websdk/pages/getBackRole/index', element: page(retrieveShelf) },
        { path: '/app/pages/codeSale/roleSale', element: page(keySale) },
        { path: '/app/pages/codeSale/wxRoleSale', element: page(keySale) },
        ...SCENES.flatMap(sceneRoutes),
        { path: '*', element: page(notFound) },
      ],
    },
  ]);
}
