/** The consignment safety lock: open until a deadline after an SMS verification. */
export const up = ['alter table user_settings add column sale_unlocked_until timestamptz'];
