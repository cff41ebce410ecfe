/**
 * The ledger (decision 0009): accounts with posted and pending debits and credits, and transfers
 * between two accounts in integer fen, TigerBeetle's model. A pending transfer reserves its amount
 * until it is posted, voided or expires, once.
 */
export const up = [
  `create table ledger_accounts (
     id integer generated always as identity primary key,
     code text not null unique,
     kind text not null,
     user_id integer references users(id),
     -- user money cannot go below zero: debits (posted + pending) never exceed posted credits
     no_overdraft boolean not null default false,
     debits_posted bigint not null default 0 check (debits_posted >= 0),
     credits_posted bigint not null default 0 check (credits_posted >= 0),
     debits_pending bigint not null default 0 check (debits_pending >= 0),
     credits_pending bigint not null default 0 check (credits_pending >= 0),
     created_at timestamptz not null default now(),
     check (not no_overdraft or debits_posted + debits_pending <= credits_posted)
   )`,
  'create index ledger_accounts_user_idx on ledger_accounts (user_id)',
  `create table ledger_transfers (
     id integer generated always as identity primary key,
     key text not null unique,
     debit_account_id integer not null references ledger_accounts(id),
     credit_account_id integer not null references ledger_accounts(id),
     amount bigint not null check (amount > 0),
     code text not null,
     -- posted | pending (reserved) | posted_pending, voided, expired (a pending one, resolved) | post, void (the resolving transfer)
     state text not null check (state in ('posted', 'pending', 'posted_pending', 'voided', 'expired', 'post', 'void')),
     pending_id integer references ledger_transfers(id),
     timeout_at timestamptz,
     order_id integer,
     note text not null default '',
     created_at timestamptz not null default now(),
     check (debit_account_id <> credit_account_id)
   )`,
  'create index ledger_transfers_debit_idx on ledger_transfers (debit_account_id, id)',
  'create index ledger_transfers_credit_idx on ledger_transfers (credit_account_id, id)',
  "create index ledger_transfers_timeout_idx on ledger_transfers (timeout_at) where state = 'pending'",
  'create unique index ledger_transfers_resolved_once_idx on ledger_transfers (pending_id) where pending_id is not null',
  'create index ledger_transfers_order_idx on ledger_transfers (order_id) where order_id is not null',
];
