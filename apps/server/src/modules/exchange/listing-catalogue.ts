import type { SellRules } from '@app/protocol/sell-rules';

/**
 * What the listing pages need of the market's catalogue (games, servers, collections) and of the
 * user module (a seller's name), given by the market module that registers these routes: the
 * exchange imports no other module.
 */
export interface ListingCatalogue {
  /** A game's buyer fee (percent) and coin types, or undefined for an unknown game. */
  game(applicationId: string): Promise<
    | {
        buyerFeePercent: number;
        coinTypes: Array<{ type: number; name: string }>;
        /** The game's rules of 还价 and its deposits (sell-rules.ts). */
        negotiation: Pick<SellRules, 'bargainOpen' | 'depositPercent' | 'depositMinFen' | 'depositMaxFen'>;
      }
    | undefined
  >;
  /** The master server a server trades in ('' when unknown). */
  masterServerName(applicationId: string, serverId: string): Promise<string>;
  /** Server names of one game by server id. */
  serverNames(applicationId: string, serverIds: readonly string[]): Promise<Map<string, string>>;
  /** `<game>/<server>` → master server id, for games that trade across master servers. */
  crossServerGroups(): Promise<Map<string, string>>;
  isCollected(userId: number, commodityId: number): Promise<boolean>;
  /** What a listing shows of its seller (the user module's sellerProfile). */
  seller(userId: number): Promise<{ nickname: string; created_at: Date } | undefined>;
  /** A seller's finished orders and completion rate (the orders module's sellerRecord). */
  sellerRecord(userId: number): Promise<{ finishedOrders: number; completionRate: number | null }>;
}

/** The orders module's answer, handed in by app.ts (the market cannot import the orders module). */
export type SellerRecordOf = ListingCatalogue['sellerRecord'];
