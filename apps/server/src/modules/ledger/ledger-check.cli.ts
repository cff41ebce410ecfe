import path from 'node:path';
import { LEDGER_MOVEMENT_CODES } from '@app/protocol/calls/wallet';
import { openDatabase } from '../../platform/db/database';
import type { LedgerTables } from './ledger.tables';
import { checkLedger, unknownMovementCodes } from './ledger-check';

/**
 * `npm run ledger:check`: the ledger check against any database, DATABASE_URL (PostgreSQL) or the
 * embedded one in DATA_DIR (default ./data). Exits 1 when the books do not balance.
 */
const url = process.env.DATABASE_URL;
const dataDir = path.resolve(process.env.DATA_DIR ?? 'data');
const db = await openDatabase<LedgerTables>(url ? { url, dataDir: null } : { dataDir });
try {
  const problems = await checkLedger(db);
  for (const code of await unknownMovementCodes(db, LEDGER_MOVEMENT_CODES))
    problems.push(`movement code ${code} has no label in LEDGER_MOVEMENT_CODES (@app/protocol/calls/wallet)`);
  const totals = await db
    .selectFrom('ledger_accounts')
    .select((eb) => [eb.fn.countAll<number>().as('accounts'), eb.fn.sum<number>('credits_posted').as('credits')])
    .executeTakeFirstOrThrow();
  if (problems.length === 0) {
    console.info(`ledger balances: ${totals.accounts} accounts, ${Number(totals.credits ?? 0)} fen posted`);
  } else {
    for (const p of problems) console.error(p);
    process.exitCode = 1;
  }
} finally {
  await db.destroy();
}
