/**
 * The real-name provider's final answers, keyed by the ID number's fingerprint and a keyed hash of
 * the name (neither stored in the clear): a retry of the same pair asks this table, not the
 * provider, so it costs no second fee (docs/decisions/0050-realname-provider.md).
 */
export const up = [
  `create table real_name_checks (
     id_card_fingerprint text not null,
     name_hash text not null,
     outcome text not null check (outcome in ('match', 'mismatch', 'invalid-id', 'invalid-name', 'no-record')),
     provider text not null,
     checked_at timestamptz not null default now(),
     primary key (id_card_fingerprint, name_hash)
   )`,
];
