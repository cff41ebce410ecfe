export const imKeys = {
  group: (orderId: string) => ['im', 'group', orderId] as const,
  order: (orderId: string) => ['im', 'order', orderId] as const,
  conversations: ['im', 'conversations'] as const,
  /** The same list fetched quietly for the badges (a refusal there shows nothing). */
  conversationsQuiet: ['im', 'conversations', 'quiet'] as const,
};
