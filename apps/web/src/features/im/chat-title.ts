/**
 * The order chat's title, named for who talks in it: the other side, and 客服 once he joined
 * (与卖家、客服沟通); the workbench names its order.
 */
export function chatTitle(chat: {
  workbench: boolean;
  orderId: string;
  /** The viewer's side of the order, null before the order is known. */
  side: 'buyer' | 'seller' | null;
  withService: boolean;
}): string {
  if (chat.workbench) return `客服工作台 · 订单 ${chat.orderId}`;
  if (!chat.side) return '订单聊天';
  const counterpart = chat.side === 'buyer' ? '卖家' : '买家';
  return chat.withService ? `与${counterpart}、客服沟通` : `与${counterpart}沟通`;
}
