/** Paths of the offer pages in a scene (platform-shell §2). */
export const myOffersPath = (scene: string) => `/${scene}/pages/bargain/myOffers`;
export const receivedOffersPath = (scene: string) => `/${scene}/pages/bargain/receivedOffers`;
export const cashierPath = (scene: string, orderId: string) =>
  `/${scene}/pages/orderNew/cashier/cashier?orderId=${encodeURIComponent(orderId)}`;
export const orderPath = (scene: string, orderId: string) =>
  `/${scene}/pages/orderNew/orderDetail/orderDetail?orderId=${encodeURIComponent(orderId)}`;
