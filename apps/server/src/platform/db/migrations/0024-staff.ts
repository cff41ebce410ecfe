/**
 * Staff accounts of the customer-service console (decision 0013), owned by modules/ops: who they
 * are and their role, the scrypt hash of their password, an optional TOTP second factor (its
 * secret sealed with the PII key); their sessions (only the SHA-256 of the token); and the audit
 * of every staff action with before/after values. At most one admin exists without a creator:
 * the bootstrapped (or, outside production, the seeded demo) one, so two bootstraps cannot both win.
 */
export const up = [
  `create table staff (
     id integer generated always as identity primary key,
     username text not null unique,
     display_name text not null,
     role text not null check (role in ('cs', 'operator', 'admin')),
     password_hash text not null,
     totp_secret text,
     totp_enabled_at timestamptz,
     totp_last_step bigint,
     disabled_at timestamptz,
     created_by integer references staff(id),
     created_at timestamptz not null default now(),
     last_login_at timestamptz
   )`,
  `create unique index staff_founding_admin_idx on staff ((true)) where created_by is null and role = 'admin'`,
  `create table staff_sessions (
     token_hash text primary key,
     staff_id integer not null references staff(id),
     ip text not null default '',
     expires_at timestamptz not null,
     revoked_at timestamptz,
     created_at timestamptz not null default now()
   )`,
  'create index staff_sessions_staff_idx on staff_sessions (staff_id)',
  `create table staff_audit (
     id bigint generated always as identity primary key,
     staff_id integer references staff(id),
     action text not null,
     order_id integer,
     order_no text,
     target_staff_id integer references staff(id),
     before jsonb,
     after jsonb,
     ip text not null default '',
     created_at timestamptz not null default now()
   )`,
  'create index staff_audit_order_idx on staff_audit (order_id, id desc) where order_id is not null',
  'create index staff_audit_order_no_idx on staff_audit (order_no) where order_no is not null',
];
