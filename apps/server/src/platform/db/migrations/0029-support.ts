/**
 * Customer service in the order chat (modules/support): a request by the buyer or the seller with
 * its reason, 客服 joining and deciding (refund, confirm, or close with nothing to change), and each
 * side's rating of it. One request in progress per order.
 */
export const up = [
  `create table support_requests (
     id integer generated always as identity primary key,
     order_id integer not null,
     asked_by text not null check (asked_by in ('buyer', 'seller')),
     asker_user_id integer not null,
     reason text not null,
     status text not null default 'open' check (status in ('open', 'joined', 'closed')),
     outcome text check (outcome in ('refund', 'confirm', 'close')),
     staff_id integer,
     staff_name text,
     created_at timestamptz not null default now(),
     joined_at timestamptz,
     closed_at timestamptz
   )`,
  `create unique index support_requests_live_idx on support_requests (order_id) where status <> 'closed'`,
  'create index support_requests_order_idx on support_requests (order_id, id desc)',
  `create index support_requests_waiting_idx on support_requests (id) where status <> 'closed'`,
  `create table support_ratings (
     request_id integer not null references support_requests(id),
     user_id integer not null,
     score smallint not null check (score between 1 and 5),
     comment text not null default '',
     created_at timestamptz not null default now(),
     primary key (request_id, user_id)
   )`,
];
