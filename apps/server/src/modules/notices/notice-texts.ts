import { formatPriceFen } from '@app/protocol/format';
import type { NoticeExtInfo, NoticeKind, NoticePosition } from '@app/protocol/notices';

/** What a module tells about an event; the words and the jump are the notices module's. */
export interface NoticeFacts {
  kind: NoticeKind;
  /** The listing's or the coupon's name. */
  subject: string;
  /** Fen: the offered price, the order's money, the withdrawal, the new price. */
  amount?: number;
  commodityId?: number;
  orderId?: number;
  offerId?: number;
  /** An offer's flow: 还价 or 出价 (the default). */
  verb?: '还价' | '出价';
  /** Words of staff the notice carries (a reply to feedback). */
  words?: string;
}

interface Text {
  title: string;
  content: string;
  position: NoticePosition | null;
  ext: NoticeExtInfo;
}

/** Where a refund's money goes (原路退回): what a refunded order's notification says. */
const REFUND_WAYS = '支付宝、微信、花呗支付的部分原路退回（预计 1–3 个工作日到账），余额支付的部分退回余额';

const id = (n: number | undefined) => (n === undefined ? undefined : String(n));

/** The zh-CN words of each notification and where it leads (packages/protocol NOTICE_POSITIONS). */
export function noticeText(f: NoticeFacts): Text {
  const money = f.amount === undefined ? '' : formatPriceFen(f.amount);
  const s = `「${f.subject}」`;
  const v = f.verb ?? '出价';
  const offer = (flow: 1 | 2) => ({ commodityId: id(f.commodityId), offerId: id(f.offerId), flow });
  const order = { orderId: id(f.orderId), commodityId: id(f.commodityId) };
  const texts: Record<NoticeKind, () => Text> = {
    offerReceived: () => ({
      title: `收到新的${v}`,
      content: `买家对${s}${v} ${money}，保证金已缴纳，请在 24 小时内处理`,
      position: 3,
      ext: offer(2),
    }),
    offerAgreed: () => ({
      title: `卖家同意了您的${v}`,
      content: `${s}已按 ${money} 为您下单（保证金抵扣货款），请在倒计时内完成支付，超时将扣除保证金`,
      position: 3,
      ext: offer(1),
    }),
    offerRefused: () => ({
      title: `卖家拒绝了您的${v}`,
      content: `您对${s}的${v} ${money} 未被接受，保证金已原路退还`,
      position: 3,
      ext: offer(1),
    }),
    offerLapsed: () => ({
      title: `${v}已失效`,
      content: `您对${s}的${v} ${money} 已失效，已缴纳的保证金已原路退还`,
      position: 3,
      ext: offer(1),
    }),
    // No longer sent: a seller who agreed is bound (decision 0036). Kept for the kind of notices sent before.
    offerWithdrawn: () => ({
      title: `卖家取消了${v}成交`,
      content: `${s}的${v} ${money} 已被卖家取消，订单已关闭，保证金已原路退还`,
      position: 3,
      ext: offer(1),
    }),
    auctionOutbid: () => ({
      title: '您的出价已被超越',
      content: `${s}已有人出价 ${money}，您已不再领先，可加价继续竞拍`,
      position: 2,
      ext: { commodityId: id(f.commodityId) },
    }),
    auctionWon: () => ({
      title: '恭喜您竞拍成功',
      content: `${s}以 ${money} 成交，保证金抵扣货款，请在倒计时内付款，超时将扣除保证金`,
      position: 2,
      ext: { commodityId: id(f.commodityId), orderId: id(f.orderId) },
    }),
    auctionLost: () => ({
      title: '竞拍未中标',
      content: `${s}的拍卖已结束，您未中标，保证金已原路退还`,
      position: 2,
      ext: { commodityId: id(f.commodityId) },
    }),
    depositCompensated: () => ({
      title: '买家违约，保证金赔付已到账',
      content: `买家未按约定完成${s}的付款，保证金赔付 ${money} 已转入您的余额`,
      position: 3,
      ext: offer(2),
    }),
    orderPaid: () => ({
      title: '买家已付款',
      content: `${s}买家已付款 ${money}，平台正在通过游戏交付`,
      position: 6,
      ext: order,
    }),
    orderDelivered: () => ({
      title: '商品已交付',
      content: `${s}已交付到您的角色，请在游戏中查收后确认收货`,
      position: 6,
      ext: order,
    }),
    orderSettled: () => ({
      title: '货款已到账',
      content: `${s}的货款 ${money} 已转入您的余额`,
      position: 6,
      ext: order,
    }),
    orderRefunded: () => ({
      title: '订单已退款',
      content: `${s}已退款 ${money}，${REFUND_WAYS}`,
      position: 6,
      ext: order,
    }),
    withdrawalPaid: () => ({
      title: '提现已到账',
      content: `提现 ${money} 已打款到您的支付宝账户`,
      position: null,
      ext: {},
    }),
    withdrawalRefused: () => ({
      title: '提现未成功',
      content: `提现 ${money} 未能完成，金额已退回余额`,
      position: null,
      ext: {},
    }),
    refundReturned: () => ({
      title: '退款已退回余额',
      content: `${s}的退款 ${money} 原路退回失败，已退回您的余额`,
      position: null,
      ext: {},
    }),
    feedbackReplied: () => ({
      title: '客服回复了您的反馈',
      content: `关于${s}的反馈，客服回复：${f.words ?? ''}`,
      position: null,
      ext: {},
    }),
    couponGranted: () => ({ title: '获得优惠券', content: `您获得了${s}，下单时可用`, position: 5, ext: {} }),
    urgeDelivery: () => ({ title: '买家催您发货', content: `${s}买家已付款，请尽快处理交付`, position: 6, ext: order }),
    urgeReceipt: () => ({
      title: '卖家提醒您确认收货',
      content: `${s}已交付，请在游戏中查收后确认收货`,
      position: 6,
      ext: order,
    }),
    serviceJoined: () => ({
      title: '客服已介入',
      content: `客服已进入${s}的订单聊天，请在聊天中说明情况`,
      position: 6,
      ext: order,
    }),
    serviceClosed: () => ({
      title: '客服处理完成',
      content: `${s}的客服处理已完成，欢迎为本次服务评分`,
      position: 6,
      ext: order,
    }),
    // Broker orders (docs/decisions/0023-broker.md): they only inform; the order is in 我的订单 / the workbench.
    brokerPaid: () => ({
      title: '买家已付款',
      content: `${s}买家已付款 ${money}，请与买家沟通后尽快发货`,
      position: null,
      ext: {},
    }),
    brokerDelivered: () => ({
      title: '商人已发货',
      content: `${s}已交付到您的角色，请在游戏中查收后确认收货`,
      position: null,
      ext: {},
    }),
    brokerRefunded: () => ({
      title: '订单已退款',
      content: `${s}已退款 ${money}，支付宝、微信、花呗支付的部分原路退回（预计 1–3 个工作日到账），余额支付的部分退回余额`,
      position: null,
      ext: {},
    }),
    brokerSettled: () => ({
      title: '货款已到账',
      content: `${s}的货款 ${money} 已转入您的余额`,
      position: null,
      ext: {},
    }),
    brokerUrgeDelivery: () => ({
      title: '买家催您发货',
      content: `${s}买家已付款，请尽快发货`,
      position: null,
      ext: {},
    }),
    brokerUrgeReceipt: () => ({
      title: '商人提醒您确认收货',
      content: `${s}已交付，请在游戏中查收后确认收货`,
      position: null,
      ext: {},
    }),
    brokerRefused: () => ({
      title: '买家拒绝收货',
      content: `${s}买家拒绝收货，客服将介入处理`,
      position: null,
      ext: {},
    }),
    brokerServiceJoined: () => ({
      title: '客服已介入',
      content: `客服已进入${s}的商人订单聊天，请在聊天中说明情况`,
      position: null,
      ext: {},
    }),
    priceDrop: () => ({
      title: '收藏的商品降价了',
      content: `${s}降价至 ${money}`,
      position: 4,
      ext: { commodityId: id(f.commodityId) },
    }),
  };
  const text = texts[f.kind]();
  return { ...text, ext: JSON.parse(JSON.stringify(text.ext)) as NoticeExtInfo };
}
