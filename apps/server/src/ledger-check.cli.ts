import path from 'node:path';
import { LEDGER_MOVEMENT_CODES } from '@app/protocol/calls/wallet';
import { checkLedger, ledgerTotals, unknownMovementCodes } from './modules/ledger/ledger-check';
import { checkRefundsInTransit } from './modules/payments/refunds';
import { openDatabase } from './platform/db/database';

/**
 * `npm run ledger:check`: the ledger check against any database, DATABASE_URL (PostgreSQL) or the
 * embedded one in DATA_DIR (default ./data). Exits 1 when the books do not balance, or when the
 * money in refund transit is not the sum of the open refunds (the payments module's check; this
 * file sits above the modules because it asks two of them).
 */
const url = process.env.DATABASE_URL;
const dataDir = path.resolve(process.env.DATA_DIR ?? 'data');
const opened = await openDatabase(url ? { url, dataDir: null } : { dataDir });
// Each module's check narrows the handle to its own tables.
const db = opened as unknown as Parameters<typeof checkLedger>[0];
try {
  const problems = [...(await checkLedger(db)), ...(await checkRefundsInTransit(db))];
  for (const code of await unknownMovementCodes(db, LEDGER_MOVEMENT_CODES))
    problems.push(`movement code ${code} has no label in LEDGER_MOVEMENT_CODES (@app/protocol/calls/wallet)`);
  const totals = await ledgerTotals(db);
  if (problems.length === 0) {
    console.info(`ledger balances: ${totals.accounts} accounts, ${totals.credits} fen posted`);
  } else {
    for (const p of problems) console.error(p);
    process.exitCode = 1;
  }
} finally {
  await opened.destroy();
}
