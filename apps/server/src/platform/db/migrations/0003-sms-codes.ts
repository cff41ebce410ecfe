/** SMS codes: only an HMAC of the code is kept; tries and use are guarded updates. */
export const up = [
  `create table sms_codes (
     id integer generated always as identity primary key,
     phone text not null,
     sms_type text not null,
     code_hash text not null,
     created_at timestamptz not null default now(),
     expires_at timestamptz not null,
     tries integer not null default 0,
     burned_at timestamptz,
     consumed_at timestamptz
   )`,
  'create index sms_codes_phone_type_idx on sms_codes (phone, sms_type, created_at desc)',
];
