/**
 * The console's content (issue 34 item 5, decision 0075): a content slot's version (an edit names
 * the version it was made on, so two staff cannot overwrite each other silently) and when it last
 * changed; a feedback's reply, when and by which staff member it was sent.
 */
export const up = [
  'alter table content_slots add column version integer not null default 1',
  'alter table content_slots add column updated_at timestamptz not null default now()',
  'alter table feedback add column reply text',
  'alter table feedback add column replied_at timestamptz',
  'alter table feedback add column replied_by integer',
  'create index feedback_open_idx on feedback (created_at) where reply is null',
];
