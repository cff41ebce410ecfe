/**
 * The console acts on users (issue 34 items 1 and 2, docs/decisions/0061-opsusers-bans.md): a ban
 * on the user (user module: when, why, until when; null until = until staff lift it), staff notes
 * on a user (ops), the audit's target user (ops), and a hold on a user's withdrawals (withdrawal).
 */
export const up = [
  'alter table users add column banned_at timestamptz',
  'alter table users add column banned_until timestamptz',
  'alter table users add column ban_reason text',
  `create table user_notes (
     id bigint generated always as identity primary key,
     user_id integer not null,
     staff_id integer not null references staff(id),
     note text not null,
     created_at timestamptz not null default now()
   )`,
  'create index user_notes_user_idx on user_notes (user_id, id desc)',
  'alter table staff_audit add column target_user_id integer',
  'create index staff_audit_target_user_idx on staff_audit (target_user_id, id desc) where target_user_id is not null',
  `create table withdrawal_holds (
     user_id integer primary key,
     reason text not null,
     held_at timestamptz not null default now()
   )`,
];
