/** Which version of each agreement a user agreed to, and when (decision 0075): written at login and phone binding. */
export const up = [
  `create table user_agreements (
     user_id integer not null references users(id) on delete cascade,
     key text not null,
     version text not null,
     agreed_at timestamptz not null default now(),
     primary key (user_id, key)
   )`,
];
