/**
 * Every published version of an agreement (decision 0075): `agreements` keeps the current one, this
 * table each version as it was published, so the version a user read stays readable after an update.
 */
export const up = [
  `create table agreement_versions (
     key text not null,
     version text not null,
     title text not null,
     body text not null,
     published_at timestamptz not null default now(),
     primary key (key, version)
   )`,
  `insert into agreement_versions (key, version, title, body, published_at)
     select key, version, title, body, updated_at from agreements`,
];
