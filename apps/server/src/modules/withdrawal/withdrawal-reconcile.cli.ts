import path from 'node:path';
import { loadConfig, loadEnvFile } from '../../config';
import { openDatabase } from '../../platform/db/database';
import { payoutChannelsOf } from './payout-channel';
import type { WithdrawalTables } from './withdrawal.tables';
import { reconcileDay } from './withdrawal-reconcile';

/**
 * `npm run payouts:reconcile -- --day 2026-12-02`: the day's payouts against each payout channel's
 * records (DATABASE_URL, or the embedded database in DATA_DIR). Prints every mismatch; exits 1
 * when there is one. Nothing is changed.
 */
loadEnvFile();
const config = loadConfig();
const at = process.argv.indexOf('--day');
const day =
  at > 0 ? (process.argv[at + 1] ?? '') : new Date(Date.now() + 8 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);
const url = process.env.DATABASE_URL;
const db = await openDatabase<WithdrawalTables>(
  url ? { url, dataDir: null } : { dataDir: path.resolve(config.DATA_DIR) },
);
try {
  for (const provider of payoutChannelsOf(config).all) {
    const lines = await reconcileDay(db, provider, day);
    console.info(`payouts ${day} (${provider.name}): ${lines.length} mismatch(es)`);
    for (const l of lines)
      console.info(`#${l.withdrawalId} ${l.outBizNo} ours=${l.ours} theirs=${l.theirs}: ${l.problem}`);
    if (lines.length > 0) process.exitCode = 1;
  }
} finally {
  await db.destroy();
}
