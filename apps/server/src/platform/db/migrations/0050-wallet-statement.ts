/**
 * The wallet's statement (资金明细): a pending credit carries the day it is expected to post, so
 * 待入账 can say when it settles. Informational: nothing acts on it (the order's sweeper settles).
 */
export const up = ['alter table ledger_transfers add column due_at timestamptz'];
