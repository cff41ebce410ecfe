/** Screenshots a game uploads for a role (equipment, bag, warehouse, skills), latest per kind. */
export const up = [
  `create table role_screenshots (
     game_id text not null,
     role_id text not null,
     kind text not null,
     url text not null,
     updated_at timestamptz not null default now(),
     primary key (game_id, role_id, kind)
   )`,
];
