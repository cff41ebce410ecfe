/** The query keys of customer service: one order's request and the viewer's rating of it, the
 * service link, the customer accounts of a game. */
export const supportKeys = {
  intervention: (orderId: string) => ['support', 'intervention', orderId] as const,
  rating: (orderId: string) => ['support', 'rating', orderId] as const,
  appParam: ['support', 'appParam'] as const,
  uniqueIds: (appId: string) => ['support', 'uniqueIds', appId] as const,
};
