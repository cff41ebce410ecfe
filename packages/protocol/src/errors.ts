/**
 * The one error catalogue (both specs' §8 plus the server's own codes): the code the server
 * answers, its zh-CN message, and what the web client does with it.
 */
export const ErrorCode = {
  OK: '200',
  WHOLE_RESPONSE: '50015',
  INTERNAL: '10000',
  BAD_ENVELOPE: '10001',
  BAD_PARAMS: '10002',
  APP_ID_INVALID: '10003',
  NOT_FOUND: '10004',
  TOO_FREQUENT: '10005',
  BODY_TOO_LARGE: '10006',
  SMS_CODE_WRONG: '20101',
  SMS_CODE_EXPIRED: '20102',
  SMS_CODE_BURNED: '20103',
  SMS_DAILY_CAP: '20104',
  LOGIN_EXPIRED: '20118',
  LOGIN_TIMEOUT: '50000',
  LOGIN_TIMEOUT_1: '50001',
  LOGIN_TIMEOUT_2: '50002',
  LOGIN_TIMEOUT_3: '50003',
  LOGIN_TIMEOUT_GAME: '20018',
  NOT_ONLINE: '20301',
  BANNED: '20111',
  BANNED_DEVICE: '20112',
  COMMODITY_NOT_EXIST: '30001',
  SALE_LOCKED: '30315',
  NO_ROLE_SLOT: '30060',
  RELIST_TOO_SOON: '30105',
  ROLE_HAS_COIN_LISTINGS: '30048',
  SALE_CONDITION_UNMET: '30307',
  OWN_COMMODITY: '40002',
  COMMODITY_LOCKED: '40050',
  COMMODITY_TAKEN: '40010',
  PRE_PUBLISH_KEY_INVALID: '31001',
  PRE_PUBLISH_KEY_OTHER_FLOW: '31003',
  PRE_PUBLISH_KEY_EXPIRED: '31006',
  PRE_PUBLISH_KEY_USED: '31008',
  PRE_PUBLISH_KEY_NOT_OWNER: '31009',
  PRESALE_ALREADY_SUBMITTED: '504',
  STAFF_LOGIN_REQUIRED: '60001',
  STAFF_LOGIN_FAILED: '60002',
  STAFF_TOTP_REQUIRED: '60003',
  STAFF_FORBIDDEN: '60004',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** What the web client does on a code (platform-shell §4 modal state codes, §8). */
export type ClientBehaviour =
  | 'returnData'
  | 'returnWholeResponse'
  | 'commodityGone'
  | 'saleUnlock'
  | 'lockCountdown'
  | 'expiredLogin'
  | 'noLine'
  | 'ban'
  | 'returnToCaller'
  | 'presaleSubmitted'
  | 'showMessage';

export interface CatalogueEntry {
  message: string;
  behaviour: ClientBehaviour;
}

export const errorCatalogue: Record<ErrorCode, CatalogueEntry> = {
  '200': { message: 'success', behaviour: 'returnData' },
  '50015': { message: '请求已处理', behaviour: 'returnWholeResponse' },
  '10000': { message: '系统繁忙，请稍后再试', behaviour: 'showMessage' },
  '10001': { message: '请求无效，请刷新页面后重试', behaviour: 'showMessage' },
  '10002': { message: '参数错误', behaviour: 'showMessage' },
  '10003': { message: 'AppId异常', behaviour: 'showMessage' },
  '10004': { message: '接口不存在', behaviour: 'showMessage' },
  '10005': { message: '操作过于频繁，请稍后再试', behaviour: 'showMessage' },
  '10006': { message: '请求体过大', behaviour: 'showMessage' },
  '20101': { message: '验证码错误', behaviour: 'showMessage' },
  '20102': { message: '验证码已失效，请重新获取', behaviour: 'showMessage' },
  '20103': { message: '验证码错误次数过多，请重新获取', behaviour: 'showMessage' },
  '20104': { message: '获取验证码次数已达上限，请稍后再试', behaviour: 'showMessage' },
  '20118': { message: '登录已过期，请重新登录', behaviour: 'expiredLogin' },
  '50000': { message: '登录超时，请重新登录', behaviour: 'expiredLogin' },
  '50001': { message: '登录超时，请重新登录', behaviour: 'expiredLogin' },
  '50002': { message: '登录超时，请重新登录', behaviour: 'expiredLogin' },
  '50003': { message: '登录超时，请重新登录', behaviour: 'expiredLogin' },
  '20018': { message: '登录超时，请重新登录', behaviour: 'expiredLogin' },
  '20301': { message: '不在线', behaviour: 'noLine' },
  '20111': { message: '您的账号已被封禁，如有疑问请联系客服', behaviour: 'ban' },
  '20112': { message: '您的设备已被封禁，如有疑问请联系客服', behaviour: 'ban' },
  '30001': { message: '商品不存在，即将跳转到商品列表', behaviour: 'commodityGone' },
  '30315': { message: '寄售安全锁未解锁，请先验证手机号解锁', behaviour: 'saleUnlock' },
  '30060': { message: '该账号在此区服没有足够的空闲角色位，请重新预留角色位后重试', behaviour: 'showMessage' },
  '30105': { message: '角色取回后需等待一段时间才能再次上架', behaviour: 'showMessage' },
  '30048': { message: '该角色有在售的游戏币商品，请先下架后再寄售角色', behaviour: 'showMessage' },
  '30307': { message: '角色未满足寄售条件（等级或充值要求）', behaviour: 'showMessage' },
  '40002': { message: '不能购买自己的商品', behaviour: 'showMessage' },
  '40050': { message: '商品已锁定，请在{remaining}后重试下单', behaviour: 'lockCountdown' },
  '40010': { message: '手慢了，该商品已被其他买家下单', behaviour: 'showMessage' },
  '31001': { message: '寄售码无效', behaviour: 'returnToCaller' },
  '31003': { message: '寄售码已被其他流程锁定', behaviour: 'returnToCaller' },
  '31006': { message: '寄售码已过期', behaviour: 'returnToCaller' },
  '31008': { message: '寄售码已被使用', behaviour: 'returnToCaller' },
  '31009': { message: '该寄售码不属于您绑定的游戏账号，请登录该游戏账号后再试', behaviour: 'returnToCaller' },
  '504': { message: '该角色已提交预售审核，请勿重复提交', behaviour: 'presaleSubmitted' },
  '60001': { message: '请先登录客服工作台', behaviour: 'showMessage' },
  '60002': { message: '用户名或密码错误', behaviour: 'showMessage' },
  '60003': { message: '请输入动态验证码', behaviour: 'showMessage' },
  '60004': { message: '您的角色无权进行此操作', behaviour: 'showMessage' },
};

/** The desktop web scene words 30001 without the jump. */
const COMMODITY_NOT_EXIST_DESKTOP = '商品不存在';

/** Messages the client shows without a server code (platform-shell §8, business-flows §8). */
export const CLIENT_MESSAGES = {
  networkError: '网络异常',
  imageFormatError: '图片格式错误',
  unlockFailed: '开锁异常',
  unlockSucceeded: '开锁成功，请重新查看',
  smsSent: '发送成功',
  linkCopied: '链接复制成功',
  chatClosed: '此会话已结束或订单已关闭',
  jumpUnsupported: '不支持跳转',
  appJumpUnsupported: '当前应用不支持跳转',
  downloadLinkMissing: '已收到您的反馈，我们会尽快补充游戏下载地址',
  roleOffline: '角色已掉线，请重新登录游戏再次尝试',
  /** A game slow or down (no answer, or its circuit open): 503 with 10000 and these words. */
  gameUnavailable: '游戏服务暂时无法连接，请稍后再试',
  /** A paid order the game has not delivered yet (it did not answer): shown on the order. */
  deliveryWaiting: '游戏暂未完成交付，系统正在自动重试，游戏恢复后将自动发货。款项安全，无需重复支付',
  routeMismatch: '路由路径与当前环境不匹配',
  appTooOld: '当前应用版本过低，请卸载后重新下载最新版本',
  loginAgain: '重新登录',
} as const;

/**
 * The data of a 30001 for a listing id that never was one (not a listing that ended): the web
 * flashes commodityNotExist (50 ms) for it instead of the 2 s 30001 modal (platform-shell §4).
 */
export const UNKNOWN_COMMODITY_DATA = { unknownId: true } as const;

export const isUnknownCommodity = (data: unknown): boolean =>
  typeof data === 'object' && data !== null && (data as { unknownId?: unknown }).unknownId === true;

/** Modal auto-hide times of platform-shell §4 and §9. */
export const MODAL_AUTO_HIDE_MS = { commodityGone: 2000, commodityNotExist: 50 } as const;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorCatalogue, value);
}

export function messageOf(code: ErrorCode, scene?: string): string {
  if (code === ErrorCode.COMMODITY_NOT_EXIST && scene === 'web') return COMMODITY_NOT_EXIST_DESKTOP;
  return errorCatalogue[code].message;
}
