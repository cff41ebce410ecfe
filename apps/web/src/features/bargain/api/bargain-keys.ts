/** Query keys of the offers (出价): one list per viewer (1 the buyer, 2 the seller). */
export const bargainKeys = {
  all: ['bargain'] as const,
  list: (viewer: 1 | 2) => ['bargain', 'list', viewer] as const,
};
