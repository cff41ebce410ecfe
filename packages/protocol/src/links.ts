/**
 * Message jumps (positions 1–6) and banner / popup link types (business-flows §2). The spec
 * leaves the position → target mapping open; this is ours, kept in one place.
 */
export const MessageJump = {
  PRESALE_DETAIL: 1,
  AUCTION_DETAIL: 2,
  BID_MANAGEMENT: 3,
  PRODUCT_INFO: 4,
  MY_COUPONS: 5,
  ORDER_CHAT: 6,
} as const;
export type MessageJump = (typeof MessageJump)[keyof typeof MessageJump];

const messageJumpRoute: Record<MessageJump, string> = {
  1: '/{scene}/pages/userCenter/saleShelf/preSaledetails',
  2: '/{scene}/pages/userCenter/saleShelf/auctiondetails/auctiondetails',
  3: '/{scene}/pages/userCenter/bidManage/bid',
  4: '/{scene}/pages/productNew/info',
  5: '/{scene}/pages/userCenter/myCoupon/myCoupon',
  6: '/app/pages/personalTransaction/IM/conversation/index2',
};

/** The path of a jump in a scene, with extInfo's fields as query. */
export function messageJumpPath(
  position: MessageJump,
  scene: string,
  extInfo: Record<string, string | number> = {},
): string {
  const query = new URLSearchParams(Object.entries(extInfo).map(([k, v]) => [k, String(v)])).toString();
  const path = messageJumpRoute[position].replace('{scene}', scene);
  return query ? `${path}?${query}` : path;
}

export const LinkType = { IN_APP: 1, EXTERNAL: 2, NONE: 3 } as const;
export type LinkType = (typeof LinkType)[keyof typeof LinkType];

/** hyperlinkType / popupHyperlinkType: 1 in the app (the default), 2 external browser, 3 no jump. */
export function normaliseLinkType(value: unknown): LinkType {
  const n = Number(value);
  return n === 2 || n === 3 ? n : 1;
}
