import type { FastifyBaseLogger } from 'fastify';
import type { RawBuilder } from 'kysely';
import type { DbHandle } from '../../platform/db/handle';
import type { PlacementChat } from '../../platform/db/placement-write';
import type { ChatHandle } from '../im/im.module';
import type { ImGroupKind } from '../im/im.tables';
import { uidsOf } from '../user/user.queries';

/**
 * The chat an order's two parties share, the same for every kind of order (an exchange order's
 * group kind 'order', a broker order's 'broker'): its members, its key, the parties' own images,
 * the system voice and the group's end. Each order's events (order-events.ts, the broker's
 * broker-order-events.ts) keep their own words and notifications and stand on this. Nothing here
 * fails an order: a fault in posting or telling is logged.
 */
export interface OrderChat {
  /** The group's members: the buyer and the seller by their chat accounts (one absent: left out). */
  members(buyer: string | undefined, seller: string | undefined): Array<{ account: string; role: 'buyer' | 'seller' }>;
  /** Both parties' chat accounts, read (in the caller's transaction) where not known already. */
  accountsOf(
    db: DbHandle,
    buyerUserId: number,
    sellerUserId: number,
    known?: { buyer: string | undefined; seller: string | undefined },
  ): Promise<{ buyer: string | undefined; seller: string | undefined }>;
  /**
   * The group of a new order as steps of the statement that writes it (writePlacement): the group,
   * both parties in it and `opening` as its first message in the system voice, written `when` the
   * order was (`orderId`: the id that statement drew). `told` answers, from the statement's answer
   * row, what tells the members once it committed (never failing the order).
   */
  openedStep(
    order: { orderId: RawBuilder<number>; title: string; opening: string },
    uids: { buyer: string | undefined; seller: string | undefined },
    when: RawBuilder<unknown>,
  ): PlacementChat & { told(row: Record<string, unknown>): () => Promise<void> };
  /** The order's chat group key (orderInfo's teamInfo.groupId), null without one. */
  groupOf(orderId: number): Promise<string | null>;
  /** Whether the images are the user's own chat uploads (checked before the order moves). */
  imagesValid(userId: number, urls: readonly string[]): Promise<boolean>;
  /** Posts them into the order's chat as the user's images, after the change committed. */
  postImages(orderId: number, userId: number, urls: readonly string[]): Promise<void>;
  /** The system voice says `words`; a `final` event ends the group (writable some days, then read-only). */
  tell(orderId: number, words: string, final: boolean): Promise<void>;
}

export function orderChat(
  kind: ImGroupKind,
  deps: { db: DbHandle; chat: ChatHandle; log: FastifyBaseLogger },
): OrderChat {
  const { db, chat } = deps;
  const uidOf = async (userId: number) => (await uidsOf(db, [userId])).get(userId);
  const members: OrderChat['members'] = (buyer, seller) => [
    ...(buyer ? [{ account: buyer, role: 'buyer' as const }] : []),
    ...(seller ? [{ account: seller, role: 'seller' as const }] : []),
  ];
  return {
    members,

    async accountsOf(trx, buyerUserId, sellerUserId, known) {
      const missing = [known?.buyer ? null : buyerUserId, known?.seller ? null : sellerUserId].filter(
        (id): id is number => id !== null,
      );
      const uids = missing.length > 0 ? await uidsOf(trx, missing) : new Map<number, string>();
      return { buyer: known?.buyer ?? uids.get(buyerUserId), seller: known?.seller ?? uids.get(sellerUserId) };
    },

    openedStep(order, uids, when) {
      const step = chat.groupStep(
        {
          kind,
          refId: order.orderId,
          title: order.title,
          members: members(uids.buyer, uids.seller),
          opening: order.opening,
        },
        when,
      );
      return {
        ctes: step.ctes,
        columns: step.columns,
        joins: step.joins,
        told: (row) => async () => {
          const message = step.opening(row);
          try {
            if (message) await step.announce(message);
          } catch (error) {
            deps.log.error({ err: error, orderId: row.id, kind, event: 'placed' }, 'order chat opening not told');
          }
        },
      };
    },

    groupOf: (orderId) => chat.groupKeyOf(kind, orderId),

    async imagesValid(userId, urls) {
      if (urls.length === 0) return true;
      const uid = await uidOf(userId);
      return uid !== undefined && chat.ownImages(uid, urls);
    },

    async postImages(orderId, userId, urls) {
      try {
        const uid = await uidOf(userId);
        if (uid && urls.length > 0) await chat.postImages(kind, orderId, uid, urls);
      } catch (error) {
        deps.log.error({ err: error, orderId, kind }, 'order chat images not posted');
      }
    },

    async tell(orderId, words, final) {
      await chat.say(kind, orderId, words);
      if (final) await chat.end(db, kind, orderId);
    },
  };
}
