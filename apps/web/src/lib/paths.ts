/**
 * Every page's path, in one place: the router mounts these and every navigate(), <Link to> and
 * href takes them from here (platform-shell §2). Most pages exist in every scene under
 * /{scene}/pages/…; a few exist in one scene only (SCENE_PAGES).
 */

/** The pages every scene has, relative to /{scene}/pages/. */
export const PAGES = {
  home: 'index/index',
  list: 'commodityList/list',
  detail: 'commodityDetail/index',
  /** The share link's page (productNew/info?ct=0&id=…&share=share). */
  shareInfo: 'productNew/info',
  collections: 'userCenter/myCollect/index',
  login: 'login/login',
  userCenter: 'userCenter/index',
  my: 'my/index',
  maintenance: 'underMaintenance/underMaintenance',
  realName: 'userCenter/cardIdRelevant/cardIdUpload/cardIdUpload',
  realNameStatus: 'userCenter/cardIdRelevant/cardIdUpload/cardIdStatus',
  popularGames: 'popularGame/index',
  recommendGames: 'recommendGame/index',
  gameLobby: 'gameLobby/index',
  webViewImage: 'webViewImage/webViewImage',
  manualPresale: 'manualPreSale/manualPreSale',
  presaleDetail: 'userCenter/saleShelf/preSaledetails',
  shelf: 'userCenter/saleShelf/saleShelf',
  retrieveRole: 'getBackRole/getBackRole',
  orderConfirm: 'orderNew/orderConfirmPlace/orderConfirmPlace',
  cashier: 'orderNew/cashier/cashier',
  orderDetail: 'orderNew/orderDetail/orderDetail',
  orderList: 'orderNew/orderList/orderList',
  wechatPay: 'orderNew/orderConfirmPlace/orderConfirmPlaceForWx',
  withdraw: 'userCenter/cashWithdrawal/cashWithdrawal',
  /** 资金明细: every movement of the balance, and 待入账 with its settle day. */
  walletStatement: 'userCenter/fundDetail/fundDetail',
  /** 支付密码: set it, or reset it with the verified real name. */
  payPassword: 'userCenter/payPassword/payPassword',
  coupons: 'userCenter/myCoupon/myCoupon',
  myOffers: 'bargain/myOffers',
  /** 输入预购码: the buyer binds himself as a pre-sale's designated buyer. */
  preBuyKey: 'userCenter/preBuyKey/preBuyKey',
  receivedOffers: 'bargain/receivedOffers',
  /** 拍卖 (saleType 2): an auction's page, and 竞拍管理 (my bids by tab). */
  auctionDetail: 'userCenter/saleShelf/auctiondetails/auctiondetails',
  bidManage: 'userCenter/bidManage/bid',
  /** 商人卖币 (the broker channel, docs/decisions/0023-broker.md): the merchants' list and a listing. */
  brokerList: 'broker/commodityList',
  /** 行情: a game's price index (coins by server group, roles and props by class and level band). */
  priceIndex: 'market/priceIndex',
  brokerDetail: 'broker/commodityDetail',
  /** 商人入驻 and 商人中心 (the merchant's listings). */
  merchantApply: 'broker/merchantApply',
  merchantCenter: 'broker/merchantCenter',
  /** A broker order: confirmation (quantity, receiving role), its page, and my broker orders (我的订单 · 商人订单). */
  brokerOrderConfirm: 'broker/orderConfirm',
  brokerOrderDetail: 'broker/orderDetail',
  brokerOrders: 'broker/orderList',
  /** The order chat (platform-shell §2); indexIos is the same page on iOS. */
  conversation: 'personalTransaction/IM/conversation/index2',
  conversationIos: 'personalTransaction/IM/conversation/indexIos',
  /** The same chat for customer service (the console opens it with the staff member's chat login). */
  conversationWorkbench: 'personalTransaction/IM/conversation/indexForWorkingTable',
  /** The message centre: conversations and notifications. */
  messages: 'message/index',
  /** 联系客服: the work-chat link of customer service (PcLayout on the PC scenes, MobileLayout elsewhere). */
  service: 'service/service',
  /** 设置: the push and recommendation switches, account and security, agreements, 注销账号. */
  settings: 'userCenter/settingPage/settingPage',
  /** 手机号认证: the bound phone, or binding one (params from, queryStr). */
  phoneAuth: 'userCenter/settingPage/phoneAuth',
  removeAccount: 'userCenter/settingPage/removeAccount',
  feedback: 'userCenter/feedback/feedback',
  faq: 'userCenter/faq/faq',
  /** 绑定手机号 as a page (params needAuth, from, queryStr). */
  bindPhone: 'bindPhone/bindPhone',
  /** One agreement as a page (param key), in every scene; web-sdk's is the spec's agreement page. */
  agreementView: 'webViewH5/webViewH5',
} as const;

export type PageName = keyof typeof PAGES;

/** The pages of one scene only (the SDK's own home, consign and shelf pages, the app's key sale) and the console. */
export const SCENE_PAGES = {
  /** The SDK home: marquee, ad slot and popup over the list; it comes before the shared list route. */
  sdkHome: '/h5sdk/pages/commodityList/list',
  sdkConsign: '/h5sdk/pages/consignSale/roleCoin',
  sdkShelf: '/h5sdk/pages/shelves/shelves',
  sdkMy: '/h5sdk/pages/my/index',
  websdkRetrieveRole: '/websdk/pages/getBackRole/index',
  appKeySale: '/app/pages/codeSale/roleSale',
  appWxKeySale: '/app/pages/codeSale/wxRoleSale',
  /** web-sdk's consignment page (the SDK consign page). */
  websdkSale: '/websdk/pages/sale/index',
  /** 获取寄售码 in the game view: whether the role stands where the game issues a key. */
  sdkKeyGuide: '/h5sdk/pages/codeSale/getKey',
  /** The legacy cash-withdrawal web views of h5 and app (launch maps the older paths here). */
  h5LegacyWithdraw: '/h5/pages/cashWithdrawal/index',
  appLegacyWithdraw: '/app/pages/cashWithdrawal/index',
  /** The system map pages: pick a place, or show one (any scene may open them). */
  chooseLocation: '/choose-location',
  openLocation: '/open-location',
  /** The customer-service console: no scene. */
  ops: '/ops',
} as const;

/** /{scene}/pages/{page}. */
export const pagePath = (scene: string, page: PageName): string => `/${scene}/pages/${PAGES[page]}`;

/** What a listing link carries besides its id (the detail's title and game). */
export interface DetailLinkInput {
  id: string;
  gameName?: string;
  applicationId?: string;
  type?: number;
}

const currentPath = () => `${globalThis.location.pathname}${globalThis.location.search}`;

/** The pages with their queries, per scene. */
export const paths = {
  home: (scene: string) => pagePath(scene, 'home'),
  /** Where 返回首页 leads: the SDK's home is its list (the tab bar's 首页); elsewhere the home page. */
  sceneHome: (scene: string) => (scene === 'h5sdk' ? SCENE_PAGES.sdkHome : pagePath(scene, 'home')),

  /** The list, of one game and optionally of one type (1 role, 2 coin, 3 prop) or searching titles for a keyword. */
  list(scene: string, query: { applicationId?: string | null; type?: number; keyword?: string } = {}): string {
    const q = new URLSearchParams();
    if (query.applicationId) q.set('applicationId', query.applicationId);
    if (query.type) q.set('type', String(query.type));
    if (query.keyword) q.set('keyword', query.keyword);
    const search = q.toString();
    return `${pagePath(scene, 'list')}${search ? `?${search}` : ''}`;
  },

  detail(scene: string, item: DetailLinkInput, extra: Record<string, string> = {}): string {
    const query = new URLSearchParams({ id: item.id });
    if (item.gameName) query.set('gameName', item.gameName);
    if (item.applicationId) query.set('applicationId', item.applicationId);
    if (item.type) query.set('type', String(item.type));
    for (const [k, v] of Object.entries(extra)) query.set(k, v);
    return `${pagePath(scene, 'detail')}?${query}`;
  },

  /**
   * The share link: the h5 product-info page with share=share. Opened on a phone it shows the
   * h5 detail; opened on a PC, launch (app/launch.ts) sends it to the web commodity detail.
   */
  shareLink: (origin: string, id: string) =>
    `${origin}${pagePath('h5', 'shareInfo')}?ct=0&id=${encodeURIComponent(id)}&share=share`,

  collections: (scene: string) => pagePath(scene, 'collections'),

  /** Login, coming back to `from` (by default the page the user is on). */
  login: (scene: string, from: string = currentPath()) =>
    `${pagePath(scene, 'login')}?fromPage=${encodeURIComponent(from)}`,
  /** Login after the session ran out (the request layer's 10004). */
  loginExpired: (scene: string) => `${pagePath(scene, 'login')}?needLogin=expiredLogin`,

  /** The real-name form, coming back to `from` once verified. */
  realName: (scene: string, from?: string) =>
    `${pagePath(scene, 'realName')}${from ? `?from=${encodeURIComponent(from)}` : ''}`,
  realNameStatus: (scene: string) => pagePath(scene, 'realNameStatus'),

  maintenance: (scene: string) => pagePath(scene, 'maintenance'),
  popularGames: (scene: string) => pagePath(scene, 'popularGames'),
  gameLobby: (scene: string) => pagePath(scene, 'gameLobby'),
  webViewImage: (scene: string, query: URLSearchParams) => `${pagePath(scene, 'webViewImage')}?${query.toString()}`,
  /** 安全购买: the titled safe-purchase page of the web view (platform-shell §2). */
  safePurchase: (scene: string) => `${pagePath(scene, 'webViewImage')}?page=safePurchase`,

  shelf: (scene: string) => pagePath(scene, 'shelf'),
  manualPresale: (scene: string) => pagePath(scene, 'manualPresale'),
  presaleDetail: (scene: string, commodityId: string) =>
    `${pagePath(scene, 'presaleDetail')}?saleType=1&commodityId=${commodityId}`,

  orderConfirm: (scene: string, commodityId: string) => `${pagePath(scene, 'orderConfirm')}?commodityId=${commodityId}`,
  cashier: (scene: string, orderId: string) => `${pagePath(scene, 'cashier')}?orderId=${encodeURIComponent(orderId)}`,
  /** One order; `paid` marks the return from a payment page. */
  orderDetail: (scene: string, orderId: string, { paid = false }: { paid?: boolean } = {}) =>
    `${pagePath(scene, 'orderDetail')}?orderId=${encodeURIComponent(orderId)}${paid ? '&paid=1' : ''}`,
  orderList: (scene: string) => pagePath(scene, 'orderList'),

  withdraw: (scene: string) => pagePath(scene, 'withdraw'),
  walletStatement: (scene: string) => pagePath(scene, 'walletStatement'),
  /** 支付密码: set (or, with `reset`, reset when forgotten), then back to `from` (a path of this site). */
  payPassword: (scene: string, query: { from?: string; reset?: boolean } = {}) => {
    const q = new URLSearchParams();
    if (query.reset) q.set('mode', 'reset');
    if (query.from) q.set('from', query.from);
    const search = q.toString();
    return `${pagePath(scene, 'payPassword')}${search ? `?${search}` : ''}`;
  },
  coupons: (scene: string) => pagePath(scene, 'coupons'),
  myOffers: (scene: string) => pagePath(scene, 'myOffers'),
  preBuyKey: (scene: string) => pagePath(scene, 'preBuyKey'),
  receivedOffers: (scene: string) => pagePath(scene, 'receivedOffers'),
  auctionDetail: (scene: string, commodityId: string) =>
    `${pagePath(scene, 'auctionDetail')}?saleType=2&commodityId=${encodeURIComponent(commodityId)}`,
  bidManage: (scene: string) => pagePath(scene, 'bidManage'),
  /** 行情 of a game, optionally of one type (2 coin by default), kind and server group. */
  priceIndex: (
    scene: string,
    applicationId: string,
    q: { type?: number; kind?: string; masterServerId?: string | undefined } = {},
  ) => {
    const query = new URLSearchParams({ applicationId });
    if (q.type) query.set('type', String(q.type));
    if (q.kind) query.set('kind', q.kind);
    if (q.masterServerId) query.set('masterServerId', q.masterServerId);
    return `${pagePath(scene, 'priceIndex')}?${query}`;
  },
  /** 商人卖币 of a game (the list reads serverId, goldType, sort and page too). */
  brokerList: (scene: string, applicationId?: string | null, filter: { serverId?: string; goldType?: number } = {}) => {
    const q = new URLSearchParams();
    if (applicationId) q.set('applicationId', applicationId);
    if (filter.serverId) q.set('serverId', filter.serverId);
    if (filter.goldType !== undefined) q.set('goldType', String(filter.goldType));
    const query = q.toString();
    return `${pagePath(scene, 'brokerList')}${query ? `?${query}` : ''}`;
  },
  /** A merchant listing; `book` opens it at its 求购盘口 (挂单求购). */
  brokerDetail: (scene: string, commodityId: string, book = false) =>
    `${pagePath(scene, 'brokerDetail')}?commodityId=${encodeURIComponent(commodityId)}${book ? '#bid-book' : ''}`,
  merchantApply: (scene: string, applicationId?: string | null) =>
    `${pagePath(scene, 'merchantApply')}${applicationId ? `?applicationId=${encodeURIComponent(applicationId)}` : ''}`,
  brokerOrderConfirm: (scene: string, commodityId: string, quantity?: number) =>
    `${pagePath(scene, 'brokerOrderConfirm')}?commodityId=${encodeURIComponent(commodityId)}${quantity ? `&quantity=${quantity}` : ''}`,
  /** One broker order; `paid` marks the return from a payment page, `sold` the seller's view (卖出订单). */
  brokerOrderDetail: (
    scene: string,
    orderId: string,
    { paid = false, sold = false }: { paid?: boolean; sold?: boolean } = {},
  ) =>
    `${pagePath(scene, 'brokerOrderDetail')}?orderId=${encodeURIComponent(orderId)}${paid ? '&paid=1' : ''}${sold ? '&view=sold' : ''}`,
  brokerOrders: (scene: string) => pagePath(scene, 'brokerOrders'),
  merchantCenter: (scene: string, applicationId?: string | null) =>
    `${pagePath(scene, 'merchantCenter')}${applicationId ? `?applicationId=${encodeURIComponent(applicationId)}` : ''}`,
  /** The chat of one order (or a group the message centre lists). */
  conversation: (scene: string, chat: { orderId?: string; groupId?: string }) => {
    const query = new URLSearchParams();
    if (chat.orderId) query.set('orderId', chat.orderId);
    if (chat.groupId) query.set('groupId', chat.groupId);
    return `${pagePath(scene, 'conversation')}?${query}`;
  },
  messages: (scene: string) => pagePath(scene, 'messages'),
  /** 联系客服: the customer-service page of the scene. */
  service: (scene: string) => pagePath(scene, 'service'),

  settings: (scene: string) => pagePath(scene, 'settings'),
  feedback: (scene: string) => pagePath(scene, 'feedback'),
  faq: (scene: string) => pagePath(scene, 'faq'),
  removeAccount: (scene: string) => pagePath(scene, 'removeAccount'),
  /** 手机号认证, coming back to `from` once a phone is bound. */
  phoneAuth: (scene: string, from?: string) =>
    `${pagePath(scene, 'phoneAuth')}${from ? `?from=${encodeURIComponent(from)}` : ''}`,
  /** 绑定手机号, then the real-name form when `needAuth`, then `from`. */
  bindPhone: (scene: string, query: { from?: string; needAuth?: boolean } = {}) => {
    const q = new URLSearchParams();
    if (query.needAuth) q.set('needAuth', '1');
    if (query.from) q.set('from', query.from);
    const search = q.toString();
    return `${pagePath(scene, 'bindPhone')}${search ? `?${search}` : ''}`;
  },
  agreementView: (scene: string, key: string) => `${pagePath(scene, 'agreementView')}?key=${encodeURIComponent(key)}`,
  /** The map page of one place (latitude, longitude, name, address). */
  openLocation: (place: { latitude: number; longitude: number; name?: string; address?: string }) => {
    const q = new URLSearchParams({ latitude: String(place.latitude), longitude: String(place.longitude) });
    if (place.name) q.set('name', place.name);
    if (place.address) q.set('address', place.address);
    return `${SCENE_PAGES.openLocation}?${q}`;
  },
  /** Picks a place and goes back to `from` with latitude, longitude, name and address added to its query. */
  chooseLocation: (from: string) => `${SCENE_PAGES.chooseLocation}?from=${encodeURIComponent(from)}`,

  /** The agreements the server serves (not pages of the app). */
  agreement: (name: string) => `/agreements/${encodeURIComponent(name)}`,
};
