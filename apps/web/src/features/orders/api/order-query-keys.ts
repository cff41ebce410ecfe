export const orderKeys = {
  order: (id: string) => ['order', id] as const,
  list: ['order', 'list'] as const,
  /** The seller's side (我卖出的). */
  sold: ['order', 'sold'] as const,
  coupons: (commodityId: string) => ['order', 'coupons', commodityId] as const,
  combination: (orderId: string) => ['order', 'combination', orderId] as const,
  /** What the cashier of a bizNo pays (any purpose). */
  payable: (bizNo: string) => ['payable', bizNo] as const,
};
