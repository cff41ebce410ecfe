import { formatPriceFen } from '@app/protocol/format';
import type { FastifyBaseLogger } from 'fastify';
import type { RawBuilder, Selectable } from 'kysely';
import type { DbHandle } from '../../platform/db/handle';
import type { ChatHandle } from '../im/im.module';
import { staffChatAccount } from '../im/staff-account';
import type { NoticeFacts } from '../notices/notice-texts';
import type { NoticesHandle } from '../notices/notices.module';
import { type OrderChat, orderChat } from '../orders/order-chat';
import { type BrokerOrdersTable, brokerDb } from './broker.tables';

/**
 * What a broker order's chat (an im group of kind 'broker': the buyer and the merchant) and the
 * notifications hear of it. The group opens in the placing transaction; every later event is told
 * after its change committed, in the system voice, and as a notification to the side it concerns.
 * Telling never fails the order: a fault here is logged.
 */
export type BrokerOrderEvent =
  | 'paid'
  | 'engaged'
  | 'delivering'
  | 'delivered'
  | 'tradeStarted'
  | 'tradeReported'
  | 'tradeCsRequested'
  | 'csDelivered'
  | 'deliveryFailed'
  | 'confirmed'
  | 'autoConfirmed'
  | 'csConfirmed'
  | 'refused'
  | 'refunded'
  | 'settled'
  | 'cancelled'
  | 'lateCancelled'
  | 'timedOut'
  | 'urgeDelivery'
  | 'urgeReceipt'
  | 'csJoined';

export interface BrokerOrderEvents {
  /** Inside the caller's transaction (a bid's fill): the order's chat group with both sides in it. */
  opened(trx: DbHandle, order: { id: number; buyerUserId: number; sellerUserId: number; title: string }): Promise<void>;
  /**
   * A placed order's chat as steps of the statement that writes it (writePlacement; `orderId`: the
   * id it drew): the group, both sides, and the 'placed' words as its first message, written `when`
   * the order was. `told` pushes that message to the members once the statement committed.
   */
  openedStep(
    order: PlacedWordsOf & { title: string },
    uids: { buyer: string | undefined; seller: string | undefined },
    when: RawBuilder<unknown>,
    orderId: RawBuilder<number>,
  ): ReturnType<OrderChat['openedStep']>;
  happened(orderId: number, event: BrokerOrderEvent, detail?: string): Promise<void>;
  /** The order's chat group key (orderInfo's teamInfo.groupId), null without one. */
  groupOf(orderId: number): Promise<string | null>;
  /** Whether the buyer and the merchant have each written in the order's chat (orderEngaged needs it). */
  talked(orderId: number): Promise<boolean>;
  /** Whether the images are the user's own chat uploads (a trade report's screenshots). */
  imagesValid(userId: number, urls: readonly string[]): Promise<boolean>;
  /** Posts them into the order's chat as the user's images, after the report committed. */
  postImages(orderId: number, userId: number, urls: readonly string[]): Promise<void>;
  /**
   * A staff member joins the order's chat as 客服 (the console's 进入会话): a member as his chat
   * account, 客服已介入 said to both sides the first time he joins it. Null when the order has no chat.
   */
  serviceJoins(orderId: number, staff: { id: number; name: string }): Promise<{ groupId: string } | null>;
}

type Row = Selectable<BrokerOrdersTable>;
type PlacedWordsOf = Pick<Row, 'server_name' | 'gold_name' | 'quantity' | 'total_fen'>;
const whatOf = (o: Pick<Row, 'gold_name' | 'quantity'>) => `${o.gold_name} ×${Number(o.quantity)}`;

/** A placed order's first words in its chat. */
const placedWords = (o: PlacedWordsOf) =>
  `买家已下单：${o.server_name} ${whatOf(o)}，订单金额 ${formatPriceFen(Number(o.total_fen))}，等待买家付款。交易请在平台内完成，勿私下转账。`;

const FINAL: ReadonlySet<BrokerOrderEvent> = new Set([
  'settled',
  'cancelled',
  'lateCancelled',
  'timedOut',
  'refunded',
  'deliveryFailed',
]);

export function brokerOrderEvents(deps: {
  db: DbHandle;
  chat: ChatHandle;
  notices: NoticesHandle;
  log: FastifyBaseLogger;
}): BrokerOrderEvents {
  const { db, chat, notices } = deps;
  const parties = orderChat('broker', deps);
  const events: BrokerOrderEvents = {
    async opened(trx, order) {
      const { buyer, seller } = await parties.accountsOf(trx, order.buyerUserId, order.sellerUserId);
      await chat.openGroup(trx, {
        kind: 'broker',
        refId: order.id,
        title: order.title,
        members: parties.members(buyer, seller),
      });
    },

    openedStep: (order, uids, when, orderId) =>
      parties.openedStep({ orderId, title: order.title, opening: placedWords(order) }, uids, when),

    groupOf: parties.groupOf,

    talked: (orderId) => chat.bothWrote('broker', orderId),

    imagesValid: parties.imagesValid,

    postImages: parties.postImages,

    async happened(orderId, event, detail = '') {
      try {
        const o = await brokerDb(db)
          .selectFrom('broker_orders')
          .selectAll()
          .where('id', '=', orderId)
          .executeTakeFirst();
        if (!o) return;
        const total = Number(o.total_fen);
        const share = total - Number(o.fee_fen);
        const what = whatOf(o);
        const words: Record<BrokerOrderEvent, string> = {
          paid: '买家已付款，请商人与买家沟通确认收货角色后发货。',
          engaged: '商人已与买家沟通，即将发货。',
          delivering: '商人已开始发货，游戏正在转移游戏币。',
          delivered: `游戏已将 ${what} 交付到买家角色「${o.deliver_role_name}」，游戏已签名。请买家在游戏中查收后确认收货。`,
          tradeStarted: `本游戏的商人订单在游戏内交易：请双方在游戏中见面交易。商人角色「${o.from_role_name ?? ''}」（${o.from_server_name ?? o.server_name}），买家角色「${o.deliver_role_name}」，数量 ${what}。请在此约定交易的时间和地点，交易完成后商人点「我已交易」。`,
          tradeReported: `商人已报告在游戏中将 ${what} 交易给买家角色「${o.deliver_role_name}」${detail ? `：${detail}` : ''}。请买家在游戏中查收后确认收货，如未收到请拒绝收货。`,
          deliveryFailed: `游戏未能交付（${detail}），订单已关闭，款项已退还买家余额。`,
          confirmed: '买家已确认收货，货款将在结算期结束后转入商人余额。',
          autoConfirmed: '买家超时未确认，系统已自动确认收货，货款将在结算期结束后转入商人余额。',
          csConfirmed: '客服核实交付无误，已确认收货。欢迎双方为本次客服服务评分。',
          tradeCsRequested: `商人开始交易后超时未报告完成，买家已申请客服介入${detail ? `（${detail}）` : ''}。客服将核实后退款或记为已交付，请双方在此说明情况；商人如已完成交易，仍可点「我已交易」报告。`,
          csDelivered: `客服核实已在游戏中完成交易${detail ? `：${detail}` : ''}。请买家在游戏中查收后确认收货，如未收到请拒绝收货。欢迎双方为本次客服服务评分。`,
          refused: `买家拒绝收货${detail ? `（${detail}）` : ''}，客服将介入处理，请双方在此说明情况。`,
          refunded: '客服已处理退款，款项已退还买家余额。欢迎双方为本次客服服务评分。',
          settled: `交易完成，货款 ${formatPriceFen(share)} 已转入商人余额。`,
          cancelled: '买家已取消订单。',
          lateCancelled: '商人未在承诺时间内发货，买家已取消订单，款项已全额退还买家余额。',
          timedOut: '买家未在时限内付款，订单已关闭。',
          urgeDelivery: '买家提醒商人尽快发货。',
          urgeReceipt: '商人提醒买家尽快确认收货。',
          csJoined: `客服已介入：客服 ${detail} 已进入本订单聊天，将协助买家和商人处理，请双方在此说明情况。`,
        };
        await parties.tell(o.id, words[event], FINAL.has(event));
        const fact = { subject: `${o.server_name} ${what}` };
        const tell = (userId: number, facts: Omit<NoticeFacts, 'subject'>) =>
          notices.notify(userId, { ...fact, ...facts });
        if (event === 'paid') await tell(o.seller_user_id, { kind: 'brokerPaid', amount: total });
        if (event === 'delivered' || event === 'tradeReported' || event === 'csDelivered')
          await tell(o.buyer_user_id, { kind: 'brokerDelivered' });
        if (event === 'refused') await tell(o.seller_user_id, { kind: 'brokerRefused' });
        if (event === 'settled') await tell(o.seller_user_id, { kind: 'brokerSettled', amount: share });
        if (event === 'refunded' || event === 'deliveryFailed' || event === 'lateCancelled')
          await tell(o.buyer_user_id, { kind: 'brokerRefunded', amount: total });
        if (event === 'urgeDelivery') await tell(o.seller_user_id, { kind: 'brokerUrgeDelivery' });
        if (event === 'urgeReceipt') await tell(o.buyer_user_id, { kind: 'brokerUrgeReceipt' });
        if (event === 'csJoined')
          for (const userId of [o.buyer_user_id, o.seller_user_id]) await tell(userId, { kind: 'brokerServiceJoined' });
      } catch (error) {
        deps.log.error({ err: error, orderId, event }, 'broker order event not told');
      }
    },

    async serviceJoins(orderId, staff) {
      const account = staffChatAccount(staff.id);
      const joined = await chat.join('broker', orderId, account, 'cs');
      if (!joined) return null;
      if (joined.added) await events.happened(orderId, 'csJoined', staff.name);
      return { groupId: joined.groupId };
    },
  };
  return events;
}
