export const imKeys = {
  group: (orderId: string) => ['im', 'group', orderId] as const,
  order: (orderId: string) => ['im', 'order', orderId] as const,
  conversations: ['im', 'conversations'] as const,
};
