import { SCENES } from '@app/protocol/platform';
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { createBrowserRouter, Navigate, type RouteObject, useLocation } from 'react-router';
import { forgetChunkReload, loadWithTimeout } from '../lib/chunk-reload';
import { pagePath, paths, SCENE_PAGES } from '../lib/paths';
import { PageLoading } from './page-loading';
import { RouteErrorPage } from './route-error-page';
import { SceneShell } from './scene-shell';
import { SessionGate } from './session-gate';

/** Beside a page that rendered: its code loaded, so a later failure here may reload once again. */
function Loaded() {
  const { pathname, search } = useLocation();
  useEffect(() => forgetChunkReload(`${pathname}${search}`), [pathname, search]);
  return null;
}

/** The legacy cash-withdrawal web views (h5, app): the withdrawal page of that scene, query kept. */
function LegacyWithdraw({ scene }: { scene: string }) {
  const { search } = useLocation();
  return <Navigate to={`${paths.withdraw(scene)}${search}`} replace />;
}

/** What a page route carries besides its element: its code's loader, for the landing page's early load. */
export interface PageHandle {
  preload: () => Promise<unknown>;
}

/**
 * A page whose code loads when first opened. The page the visit lands on has its code loaded
 * before the first render (main.tsx): it then renders at once instead of suspending, which would
 * commit the fallback first and hold the page back by React's 300 ms reveal throttle.
 */
const page = (load: () => Promise<{ default: ComponentType }>): { element: ReactNode; handle: PageHandle } => {
  let ready: ComponentType | undefined;
  const preload = () =>
    loadWithTimeout(load)().then((m) => {
      ready = m.default;
      return m;
    });
  const Lazy = lazy(preload);
  function Page() {
    // Chosen once per mount: switching from the lazy wrapper to the loaded page would remount it.
    const [Ready] = useState(() => ready);
    return Ready ? <Ready /> : <Lazy />;
  }
  return {
    element: (
      <Suspense fallback={<PageLoading />}>
        <Page />
        <Loaded />
      </Suspense>
    ),
    handle: { preload },
  };
};

/** A page only a logged-in user has: a visitor without a session is asked to log in first (session-gate.tsx). */
const privatePage = (load: () => Promise<{ default: ComponentType }>) => {
  const opened = page(load);
  return { ...opened, element: <SessionGate>{opened.element}</SessionGate> };
};

/** Every route answers an error with the zh-CN error page (retry, back to the scene's home). */
const withErrorPage = (route: RouteObject): RouteObject =>
  route.index
    ? { ...route, errorElement: <RouteErrorPage /> }
    : { ...route, errorElement: <RouteErrorPage />, children: route.children?.map(withErrorPage) };

const home = () => import('./pages/home-page');
const list = () => import('../features/exchange/commodity-list-page');
const detail = () => import('./pages/commodity-detail-page');
const myCollect = () => import('./pages/my-collect-page');
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
const shelf = () => import('./pages/shelf-page');
const retrieveShelf = () => import('../features/consignment/shelf/retrieve-shelf-page');
const keySale = () => import('./pages/key-sale-page');
const orderConfirm = () => import('../features/orders/order-confirm-page');
const cashier = () => import('../features/orders/cashier-page');
const orderDetail = () => import('./pages/order-detail-page');
const orderList = () => import('../features/orders/order-list-page');
const wechatLanding = () => import('../features/orders/wechat-landing-page');
const withdraw = () => import('../features/withdrawal/withdraw-page');
const walletStatement = () => import('../features/wallet/wallet-statement-page');
const payPassword = () => import('../features/user/pay-password-page');
const myCoupon = () => import('../features/coupon/my-coupon-page');
const opsConsole = () => import('../features/ops/ops-console-page');
const myOffers = () => import('../features/bargain/my-offers-page');
const receivedOffers = () => import('../features/bargain/received-offers-page');
const auctionDetail = () => import('../features/auction/auction-detail-page');
const bidManage = () => import('../features/auction/bid-manage-page');
const brokerList = () => import('../features/broker/broker-list-page');
const priceIndex = () => import('../features/stats/price-index-page');
const brokerDetail = () => import('../features/broker/broker-detail-page');
const merchantApply = () => import('../features/broker/merchant-apply-page');
const merchantCenter = () => import('../features/broker/merchant-center-page');
const brokerOrderConfirm = () => import('../features/broker/broker-order-confirm-page');
const brokerOrderDetail = () => import('../features/broker/broker-order-detail-page');
const brokerOrders = () => import('../features/broker/broker-order-list-page');
const conversation = () => import('../features/im/conversation-page');
const workbench = () => import('./pages/workbench-page');
const messages = () => import('./pages/messages-page');
const service = () => import('../features/support/service-page');
const settings = () => import('../features/user/settings-page');
const phoneAuth = () => import('../features/user/phone-auth-page');
const removeAccount = () => import('../features/user/remove-account-page');
const feedback = () => import('../features/user/feedback-page');
const faq = () => import('../features/user/faq-page');
const preBuyKey = () => import('../features/user/pre-buy-key-page');
const bindPhone = () => import('../features/user/bind-phone-page');
const agreement = () => import('../features/user/agreement-page');
const chooseLocation = () => import('../features/user/choose-location-page');
const openLocation = () => import('../features/user/open-location-page');
const keyGuide = () => import('../features/consignment/key/key-guide-page');

/** The pages every scene has, under /{scene}/pages/... (platform-shell §2). */
function sceneRoutes(scene: string): RouteObject[] {
  return [
    { path: pagePath(scene, 'home'), ...page(home) },
    { path: pagePath(scene, 'list'), ...page(list) },
    { path: pagePath(scene, 'detail'), ...page(detail) },
    // The share link's page (productNew/info?ct=0&id=…&share=share); on a PC launch sends it to the web detail.
    { path: pagePath(scene, 'shareInfo'), ...page(detail) },
    { path: pagePath(scene, 'collections'), ...page(myCollect) },
    { path: pagePath(scene, 'login'), ...page(login) },
    { path: pagePath(scene, 'userCenter'), ...page(my) },
    { path: pagePath(scene, 'my'), ...page(my) },
    { path: pagePath(scene, 'maintenance'), ...page(maintenance) },
    { path: pagePath(scene, 'realName'), ...privatePage(realName) },
    { path: pagePath(scene, 'realNameStatus'), ...privatePage(realNameStatus) },
    { path: pagePath(scene, 'popularGames'), ...page(popularGame) },
    { path: pagePath(scene, 'recommendGames'), ...page(recommendGame) },
    { path: pagePath(scene, 'gameLobby'), ...page(gameLobby) },
    { path: pagePath(scene, 'webViewImage'), ...page(webViewImage) },
    { path: pagePath(scene, 'manualPresale'), ...page(manualPresale) },
    { path: pagePath(scene, 'presaleDetail'), ...page(presaleDetail) },
    { path: pagePath(scene, 'shelf'), ...page(shelf) },
    { path: pagePath(scene, 'retrieveRole'), ...page(retrieveShelf) },
    { path: pagePath(scene, 'orderConfirm'), ...privatePage(orderConfirm) },
    { path: pagePath(scene, 'cashier'), ...page(cashier) },
    { path: pagePath(scene, 'orderDetail'), ...privatePage(orderDetail) },
    { path: pagePath(scene, 'orderList'), ...privatePage(orderList) },
    { path: pagePath(scene, 'wechatPay'), ...page(wechatLanding) },
    { path: pagePath(scene, 'withdraw'), ...privatePage(withdraw) },
    { path: pagePath(scene, 'walletStatement'), ...privatePage(walletStatement) },
    { path: pagePath(scene, 'payPassword'), ...privatePage(payPassword) },
    { path: pagePath(scene, 'coupons'), ...privatePage(myCoupon) },
    { path: pagePath(scene, 'myOffers'), ...privatePage(myOffers) },
    { path: pagePath(scene, 'receivedOffers'), ...privatePage(receivedOffers) },
    { path: pagePath(scene, 'auctionDetail'), ...page(auctionDetail) },
    { path: pagePath(scene, 'bidManage'), ...privatePage(bidManage) },
    { path: pagePath(scene, 'brokerList'), ...page(brokerList) },
    { path: pagePath(scene, 'priceIndex'), ...page(priceIndex) },
    { path: pagePath(scene, 'brokerDetail'), ...page(brokerDetail) },
    { path: pagePath(scene, 'merchantApply'), ...page(merchantApply) },
    { path: pagePath(scene, 'merchantCenter'), ...page(merchantCenter) },
    { path: pagePath(scene, 'brokerOrderConfirm'), ...page(brokerOrderConfirm) },
    { path: pagePath(scene, 'brokerOrderDetail'), ...page(brokerOrderDetail) },
    { path: pagePath(scene, 'brokerOrders'), ...page(brokerOrders) },
    { path: pagePath(scene, 'conversation'), ...privatePage(conversation) },
    { path: pagePath(scene, 'conversationIos'), ...privatePage(conversation) },
    { path: pagePath(scene, 'conversationWorkbench'), ...page(workbench) },
    { path: pagePath(scene, 'messages'), ...page(messages) },
    { path: pagePath(scene, 'service'), ...page(service) },
    { path: pagePath(scene, 'settings'), ...page(settings) },
    { path: pagePath(scene, 'phoneAuth'), ...page(phoneAuth) },
    { path: pagePath(scene, 'removeAccount'), ...page(removeAccount) },
    { path: pagePath(scene, 'feedback'), ...page(feedback) },
    { path: pagePath(scene, 'faq'), ...page(faq) },
    { path: pagePath(scene, 'preBuyKey'), ...page(preBuyKey) },
    { path: pagePath(scene, 'bindPhone'), ...page(bindPhone) },
    { path: pagePath(scene, 'agreementView'), ...page(agreement) },
  ];
}

export function createAppRouter() {
  const routes: RouteObject[] = [
    // The customer-service console: no scene, no scene guard.
    { path: SCENE_PAGES.ops, ...page(opsConsole) },
    {
      element: <SceneShell />,
      children: [
        // The SDK home (marquee, ad slot, popup over the list) comes before the shared list route.
        { path: SCENE_PAGES.sdkHome, ...page(sdkHome) },
        { path: SCENE_PAGES.sdkConsign, ...page(consign) },
        { path: SCENE_PAGES.sdkShelf, ...page(shelf) },
        { path: SCENE_PAGES.websdkRetrieveRole, ...page(retrieveShelf) },
        { path: SCENE_PAGES.appKeySale, ...page(keySale) },
        { path: SCENE_PAGES.appWxKeySale, ...page(keySale) },
        { path: SCENE_PAGES.websdkSale, ...page(consign) },
        { path: SCENE_PAGES.sdkKeyGuide, ...page(keyGuide) },
        { path: SCENE_PAGES.h5LegacyWithdraw, element: <LegacyWithdraw scene="h5" /> },
        { path: SCENE_PAGES.appLegacyWithdraw, element: <LegacyWithdraw scene="app" /> },
        { path: SCENE_PAGES.chooseLocation, ...page(chooseLocation) },
        { path: SCENE_PAGES.openLocation, ...page(openLocation) },
        ...SCENES.flatMap(sceneRoutes),
        { path: '*', ...page(notFound) },
      ],
    },
  ];
  return createBrowserRouter(routes.map(withErrorPage));
}
