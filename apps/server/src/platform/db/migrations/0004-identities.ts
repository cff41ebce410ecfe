/** Real-name verification: name and ID number sealed (AES-GCM), a keyed fingerprint for lookups. */
export const up = [
  `create table identities (
     user_id integer primary key references users(id),
     real_name_sealed text not null,
     id_card_sealed text not null,
     id_card_fingerprint text not null,
     method text not null check (method in ('input', 'upload')),
     front_image text,
     back_image text,
     verified_at timestamptz not null default now()
   )`,
  'create index identities_fingerprint_idx on identities (id_card_fingerprint)',
];
