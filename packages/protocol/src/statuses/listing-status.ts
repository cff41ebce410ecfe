/** Consignment (listing) status of business-flows §4. */
export const ListingStatus = {
  ON_SALE: 1,
  DELISTED: 2,
  SELLING: 3,
  LISTING: 6,
  RETRIEVING: 7,
  RETRIEVE_FAILED: -4,
  FROZEN: 9,
} as const;
export type ListingStatus = (typeof ListingStatus)[keyof typeof ListingStatus];
