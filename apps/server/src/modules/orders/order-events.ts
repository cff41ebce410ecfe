import { formatDateTime, formatPriceFen } from '@app/protocol/format';
import type { FastifyBaseLogger } from 'fastify';
import type { RawBuilder } from 'kysely';
import type { DbHandle } from '../../platform/db/handle';
import type { ChatHandle } from '../im/im.module';
import type { NoticesHandle } from '../notices/notices.module';
import { orderChat } from './order-chat';
import type { OrderRow } from './order-view';
import { type DeliveryReceipt, ordersDb } from './orders.tables';

/**
 * What the order chat and the notifications hear of an order. The group opens inside the placing
 * transaction (it exists exactly when the order does); every later event is told after its change
 * committed, in the system voice (官方) and, for the side it concerns, as a notification. Telling
 * never fails the order: a fault here is logged and the order goes on.
 */
export type OrderEvent =
  | 'placed'
  | 'paid'
  | 'delivered'
  | 'deliveryFailed'
  | 'confirmed'
  | 'autoConfirmed'
  | 'csConfirmed'
  | 'refused'
  | 'refunded'
  | 'settled'
  | 'cancelled'
  | 'timedOut';

export interface OrderEvents {
  /**
   * Inside the placing transaction: the order's chat group with both sides in it and the 'placed'
   * words as its first message (one statement). Answers what tells the members once the order
   * committed (it never fails the order).
   */
  opened(
    trx: DbHandle,
    order: OrderRow,
    uids: { buyer: string | undefined; seller: string | undefined },
  ): Promise<() => Promise<void>>;
  /**
   * opened as steps of the statement that writes the order (`orderId`: the id that statement's
   * insert drew): the chat's common table expressions, written `when` the order was; `told` reads
   * back what it wrote and
   * answers what tells the members once the statement committed.
   */
  openedStep(
    order: Pick<OrderRow, 'title' | 'price_fen' | 'deposit_fen' | 'total_fen'>,
    uids: { buyer: string | undefined; seller: string | undefined },
    when: RawBuilder<unknown>,
    orderId: RawBuilder<number>,
  ): {
    ctes: RawBuilder<unknown>;
    columns: RawBuilder<unknown>;
    joins: RawBuilder<unknown>;
    told(row: Record<string, unknown>): () => Promise<void>;
  };
  happened(orderId: number, event: OrderEvent, detail?: string): Promise<void>;
  /** Whether the evidence images are the user's own chat uploads (checked before the order moves). */
  evidenceValid(userId: number, urls: readonly string[]): Promise<boolean>;
  /** The order's chat group key (orderInfo's teamInfo.groupId), null without one. */
  groupOf(orderId: number): Promise<string | null>;
  /** Posts the evidence into the order's chat as the user's images. */
  evidence(orderId: number, userId: number, urls: readonly string[]): Promise<void>;
}

/** After these the order is over: the chat stays writable for some days, then read-only. */
const FINAL: ReadonlySet<OrderEvent> = new Set(['settled', 'cancelled', 'timedOut', 'refunded', 'deliveryFailed']);

/** The receipt in words: what moved, to which role by its name (never the game's ids), when. */
const receiptWords = (r: DeliveryReceipt | null, roleName: string | null) => {
  if (!r) return '';
  const what =
    r.kind === 'role'
      ? '角色'
      : r.kind === 'coins'
        ? `${r.coinType ?? '游戏币'} ×${r.amount ?? 0}`
        : `道具 ${r.itemIds?.length ?? 0} 件`;
  const at = formatDateTime(r.at);
  const to = r.kind === 'role' ? '买家的游戏账号' : roleName ? `角色「${roleName}」` : '买家的角色';
  return `交付凭证：${what} → ${to}，${at}，游戏已签名。`;
};

/** The order's first words in its chat: what is to pay (and the deposit applied to it). */
function placedWords(o: Pick<OrderRow, 'price_fen' | 'deposit_fen' | 'total_fen'>): string {
  const deposit = Number(o.deposit_fen);
  return deposit > 0
    ? `卖家已同意以 ${formatPriceFen(Number(o.price_fen))} 成交，买家的保证金 ${formatPriceFen(deposit)} 抵扣货款，待付 ${formatPriceFen(Number(o.total_fen))}。请买家在倒计时内付款，超时将扣除保证金。交易请在平台内完成，勿私下转账。`
    : `买家已下单，订单金额 ${formatPriceFen(Number(o.total_fen))}，等待买家付款。交易请在平台内完成，勿私下转账。`;
}

/** What the system voice says in the order's chat when the event happened to the order. */
function wordsOf(o: OrderRow, event: OrderEvent, detail: string): string {
  const sellerGets = Number(o.price_fen) - Number(o.seller_fee_fen);
  const deposit = Number(o.deposit_fen);
  const words: Record<OrderEvent, string> = {
    placed: placedWords(o),
    paid: '买家已付款，平台正在通过游戏交付商品，请稍候。',
    delivered: `商品已交付到买家账号。${receiptWords(o.receipt, o.deliver_role_name)}请买家在游戏中查收后确认收货。`,
    deliveryFailed: `游戏未能交付（${detail}），订单已退回，款项已退还买家余额。`,
    confirmed: '买家已确认收货，货款将在保障期结束后结算给卖家。',
    autoConfirmed: '买家超时未确认，系统已自动确认收货，货款将在保障期结束后结算给卖家。',
    csConfirmed: '客服核实交付无误，已确认收货。',
    refused: `买家拒绝收货${detail ? `（${detail}）` : ''}，客服将介入处理，请双方在此说明情况。`,
    refunded: '客服已处理退款：游戏已收回商品，款项已退还买家余额。',
    settled: `交易完成，货款 ${formatPriceFen(sellerGets)} 已结算给卖家。`,
    // Only the buyer cancels an unpaid order: a seller who agreed to a price is bound (decision 0036).
    cancelled: deposit > 0 ? '买家已取消订单，保证金按规则扣除，其中部分已赔付给卖家。' : '买家已取消订单。',
    timedOut:
      deposit > 0
        ? '买家未在时限内付款，订单已关闭，保证金按规则扣除，其中部分已赔付给卖家。'
        : '买家未在时限内付款，订单已关闭。',
  };
  return words[event];
}

export function orderEvents(deps: {
  db: DbHandle;
  chat: ChatHandle;
  notices: NoticesHandle;
  /** Opens a customer-service case for a refused receipt (the support module's, handed in at composition). */
  openCase?: (orderId: number, buyerUserId: number, reason: string) => Promise<void>;
  log: FastifyBaseLogger;
}): OrderEvents {
  const { chat, notices } = deps;
  const parties = orderChat('order', deps);
  return {
    async opened(trx, order, known) {
      const { buyer, seller } = await parties.accountsOf(trx, order.buyer_user_id, order.seller_user_id, known);
      const group = await chat.openGroup(trx, {
        kind: 'order',
        refId: order.id,
        title: order.title,
        members: parties.members(buyer, seller),
        opening: placedWords(order),
      });
      return async () => {
        try {
          await group.announce();
        } catch (error) {
          deps.log.error({ err: error, orderId: order.id, event: 'placed' }, 'order event not told');
        }
      };
    },

    openedStep: (order, uids, when, orderId) =>
      parties.openedStep({ orderId, title: order.title, opening: placedWords(order) }, uids, when),

    groupOf: parties.groupOf,

    evidenceValid: parties.imagesValid,

    evidence: parties.postImages,

    async happened(orderId, event, detail = '') {
      try {
        const o = await ordersDb(deps.db).selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
        if (!o) return;
        const sellerGets = Number(o.price_fen) - Number(o.seller_fee_fen);
        await parties.tell(o.id, wordsOf(o, event, detail), FINAL.has(event));
        if (event === 'refused') await deps.openCase?.(o.id, o.buyer_user_id, `拒绝收货：${detail}`);
        const fact = { subject: o.title, commodityId: o.commodity_id, orderId: o.id };
        if (event === 'paid')
          await notices.notify(o.seller_user_id, { kind: 'orderPaid', amount: Number(o.price_fen), ...fact });
        if (event === 'delivered') await notices.notify(o.buyer_user_id, { kind: 'orderDelivered', ...fact });
        if (event === 'settled')
          await notices.notify(o.seller_user_id, { kind: 'orderSettled', amount: sellerGets, ...fact });
        if (event === 'refunded' || event === 'deliveryFailed')
          await notices.notify(o.buyer_user_id, { kind: 'orderRefunded', amount: Number(o.total_fen), ...fact });
      } catch (error) {
        deps.log.error({ err: error, orderId, event }, 'order event not told');
      }
    },
  };
}
