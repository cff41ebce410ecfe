import { z } from 'zod';

/**
 * Notifications of the message centre (business-flows §2 "Message jumps"). Each carries extInfo and
 * a position 1–6 that says where tapping it leads; the mapping (the spec leaves it open) is ours:
 */
export const NOTICE_POSITIONS = {
  1: 'presaleDetail',
  2: 'auctionDetail',
  3: 'bidManagement',
  4: 'productInfo',
  5: 'myCoupons',
  6: 'orderChat',
} as const;
export type NoticePosition = keyof typeof NOTICE_POSITIONS;

/** Jumps the SDK refuses with CLIENT_MESSAGES.jumpUnsupported (productNew/info is not an SDK page). */
export const SDK_REFUSED_POSITIONS: readonly NoticePosition[] = [4];

export const NOTICE_KINDS = [
  'offerReceived',
  'offerAgreed',
  'offerRefused',
  'offerLapsed',
  'offerWithdrawn',
  'depositCompensated',
  'auctionOutbid',
  'auctionWon',
  'auctionLost',
  'orderPaid',
  'orderDelivered',
  'orderSettled',
  'orderRefunded',
  'withdrawalPaid',
  'withdrawalRefused',
  'couponGranted',
  'priceDrop',
  'urgeDelivery',
  'urgeReceipt',
  'serviceJoined',
  'serviceClosed',
  'brokerPaid',
  'brokerDelivered',
  'brokerRefunded',
  'brokerSettled',
  'brokerUrgeDelivery',
  'brokerUrgeReceipt',
  'brokerRefused',
  'brokerServiceJoined',
  'refundReturned',
  'feedbackReplied',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** What the jump needs: the listing, the order or nothing. */
export const noticeExtInfoSchema = z.object({
  commodityId: z.string().optional(),
  orderId: z.string().optional(),
  offerId: z.string().optional(),
  /** 1 the viewer as buyer, 2 as seller (which offers page). */
  flow: z.union([z.literal(1), z.literal(2)]).optional(),
});
export type NoticeExtInfo = z.infer<typeof noticeExtInfoSchema>;

export const noticeSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTICE_KINDS),
  title: z.string(),
  content: z.string(),
  /** Where it leads (NOTICE_POSITIONS); null: it only informs. */
  position: z.number().int().min(1).max(6).nullable(),
  extInfo: noticeExtInfoSchema,
  read: z.boolean(),
  /** Unix milliseconds. */
  at: z.number().int(),
});
export type Notice = z.infer<typeof noticeSchema>;
