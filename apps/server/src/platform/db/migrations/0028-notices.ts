/**
 * Notifications of the message centre (modules/notices): what happened to the user's offers,
 * orders, withdrawals, coupons and collected listings, where tapping it leads (position 1–6 with
 * its extInfo), and when it was read.
 */
export const up = [
  `create table notices (
     id integer generated always as identity primary key,
     user_id integer not null,
     kind text not null,
     title text not null,
     content text not null,
     position smallint check (position between 1 and 6),
     ext_info jsonb not null default '{}',
     read_at timestamptz,
     created_at timestamptz not null default now()
   )`,
  'create index notices_user_idx on notices (user_id, id desc)',
  'create index notices_unread_idx on notices (user_id) where read_at is null',
];
