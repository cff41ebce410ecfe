/**
 * Offers (出价): a buyer's price for a listing, the seller's answer before a deadline, and the
 * order placed when the seller agrees (business-flows §4 bargain/offer status). Where the goods
 * would go is kept from the offer, so agreeing needs no buyer online. One live offer per buyer
 * and listing; the client's request key makes creating one repeatable.
 */
export const up = [
  `create table offers (
     id integer generated always as identity primary key,
     commodity_id integer not null references commodities(id),
     buyer_user_id integer not null references users(id),
     seller_user_id integer not null references users(id),
     price_fen bigint not null check (price_fen > 0),
     status smallint not null,
     request_key text not null,
     deliver_account_id text not null,
     deliver_role_id text,
     answer_by timestamptz not null,
     order_id integer references orders(id),
     note text not null default '',
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now(),
     unique (buyer_user_id, request_key)
   )`,
  'create unique index offers_live_idx on offers (buyer_user_id, commodity_id) where status in (11, 21)',
  'create index offers_seller_idx on offers (seller_user_id, id desc)',
  'create index offers_buyer_idx on offers (buyer_user_id, id desc)',
  'create index offers_open_idx on offers (status, answer_by) where status in (11, 21)',
];
