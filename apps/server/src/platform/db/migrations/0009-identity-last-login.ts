/** The last role and time a game account logged in with (the customer-account action sheet). */
export const up = [
  'alter table user_identities add column last_role_name text',
  'alter table user_identities add column last_login_at timestamptz',
];
