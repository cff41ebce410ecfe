/**
 * Staff freeze a listing (issue 34 item 3, docs/decisions/0064-freeze-listings.md): the exchange's
 * listing keeps the status it had before the freeze (restored by 解冻) and the reason the buyer
 * and the seller are shown while it stands.
 */
export const up = [
  'alter table commodities add column frozen_from smallint',
  'alter table commodities add column freeze_reason text',
];
