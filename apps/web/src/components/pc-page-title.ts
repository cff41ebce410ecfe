import { PAGES, type PageName, pagePath, SCENE_PAGES } from '../lib/paths';

/** The name of each page for the window title (document.title) on the PC scenes. */
const TITLES: Partial<Record<PageName, string>> = {
  home: '首页',
  list: '商品列表',
  detail: '商品详情',
  shareInfo: '商品详情',
  collections: '我的收藏',
  login: '登录',
  userCenter: '个人中心',
  my: '个人中心',
  maintenance: '系统维护中',
  realName: '实名认证',
  realNameStatus: '实名认证',
  popularGames: '热门游戏',
  recommendGames: '推荐游戏',
  gameLobby: '游戏大厅',
  manualPresale: '手动预售',
  presaleDetail: '预售详情',
  shelf: '我的货架',
  retrieveRole: '取回商品',
  orderConfirm: '确认订单',
  cashier: '收银台',
  orderDetail: '订单详情',
  orderList: '我的订单',
  wechatPay: '微信支付',
  withdraw: '余额与提现',
  coupons: '我的优惠券',
  myOffers: '我的还价/出价',
  receivedOffers: '收到的还价/出价',
  auctionDetail: '拍卖详情',
  bidManage: '竞拍管理',
  brokerList: '商人卖币',
  brokerDetail: '商人商品详情',
  merchantApply: '商人入驻',
  merchantCenter: '商人中心',
  brokerOrderConfirm: '确认订单',
  brokerOrderDetail: '订单详情',
  brokerOrders: '我的订单',
  conversation: '订单聊天',
  conversationIos: '订单聊天',
  messages: '消息',
  service: '联系客服',
};

/** The page a path shows in a scene, or null (a path outside the scene's pages). */
export function pageOfPath(scene: string, pathname: string): PageName | null {
  const clean = pathname.replace(/\/$/, '');
  // web-sdk's retrieve shelf has a path of its own (platform-shell §2): the same page as getBackRole.
  if (clean === SCENE_PAGES.websdkRetrieveRole) return 'retrieveRole';
  const names = Object.keys(PAGES) as PageName[];
  return names.find((name) => pagePath(scene, name) === clean) ?? null;
}

/** '我的订单 - 游戏交易平台'; the brand alone where the page has no name. */
export function pcDocumentTitle(brand: string, scene: string, pathname: string, title?: string): string {
  const page = pageOfPath(scene, pathname);
  const name = title ?? (page ? TITLES[page] : undefined);
  return name ? `${name} - ${brand}` : brand;
}
