import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { orderInfo } from '@app/protocol/calls/orders';
import { LEDGER_MOVEMENT_CODES } from '@app/protocol/calls/wallet';
import { OrderStatus } from '@app/protocol/statuses/order-status';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/database';
import { checkLedger, unknownMovementCodes } from '../src/modules/ledger/ledger-check';
import { sha256Of } from '../src/platform/db/backup-files';
import { openDatabase } from '../src/platform/db/database';
import { runTool, writtenFile } from './backup-cli';
import { createTestApp, expectCode, freshDatabase, sdkPlayer, type TestDatabase, testDb } from './helpers';
import { orderFixture } from './order-fixture';

/**
 * The restore drill (docs/backups.md): a serving app with orders coming in, `npm run backup` taken
 * while they come, `npm run restore` into a fresh database (PostgreSQL) or data folder (PGlite), a
 * server started on the restored copy, every order acknowledged before the backup began is there
 * and answers its buyer, and the check of `npm run ledger:check` passes on it.
 */

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'market-drill-'));
const ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  fs.rmSync(work, { recursive: true, force: true });
});

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The restore target: an empty PostgreSQL database (not the migrated template), or a new data folder. */
async function emptyTarget(): Promise<{ env: Record<string, string>; open: () => Promise<TestDatabase> }> {
  if (testDb === 'pglite') {
    const dataDir = path.join(work, 'restored');
    const open = async (): Promise<TestDatabase> => {
      const db = await openDatabase<Database>({ dataDir });
      return { db, url: undefined, drop: () => db.destroy() };
    };
    return { env: { DATA_DIR: dataDir }, open };
  }
  const name = `mk_restore_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await admin(`create database ${name}`);
  cleanups.push(() => admin(`drop database if exists ${name} with (force)`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const open = async (): Promise<TestDatabase> => {
    const db = await openDatabase<Database>({ url: url.toString(), dataDir: null });
    return { db, url: url.toString(), drop: () => db.destroy() };
  };
  return { env: { DATABASE_URL: url.toString() }, open };
}

describe('the backup drill', () => {
  it('a backup taken under traffic restores into a fresh database where every acknowledged order is and the books balance', async () => {
    const backupDir = path.join(work, 'backups');
    const source = await freshDatabase();
    const t = await createTestApp({ BACKUP_DIR: backupDir }, source);
    cleanups.push(async () => {
      await t.app.close();
      await source.drop();
    });
    // Listening: the backup tool asks the serving process over HTTP (PGlite) or reads PostgreSQL beside it.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const sdk = await t.client('H5SDK');
    const app = await t.client('APP');
    const seller = await sdkPlayer(t, sdk, 'player1');
    const buyer = await sdkPlayer(t, sdk, 'buyer1');
    const orders = orderFixture(t, { sdk, app }, () => ({ seller, buyer }));

    // Traffic: a listing, its order (acknowledged: 200 with its id) and its payment, one after another.
    const acknowledged: string[] = [];
    const paid: string[] = [];
    const oneOrder = async () => {
      const order = await orders.place(await orders.listCoins(800));
      acknowledged.push(order.orderId);
      await orders.succeed(await orders.startPay(order));
      paid.push(order.orderId);
    };
    for (let i = 0; i < 3; i++) await oneOrder();

    // The backup starts while orders keep coming; what was acknowledged before it must be in it.
    const before = { acknowledged: [...acknowledged], paid: [...paid] };
    let backupDone = false;
    const traffic = (async () => {
      let during = 0;
      while (!backupDone || during === 0) {
        await oneOrder();
        during++;
      }
      return during;
    })();
    const backup = runTool(
      'backup',
      testDb === 'pglite'
        ? { PORT: String(port), BACKUP_DIR: backupDir }
        : { DATABASE_URL: source.url!, BACKUP_DIR: backupDir },
    ).finally(() => {
      backupDone = true;
    });
    const [run, during] = await Promise.all([backup, traffic]);
    const file = writtenFile(run);
    expect(during).toBeGreaterThan(0);
    expect(path.dirname(file)).toBe(backupDir);
    expect(path.basename(file)).toMatch(
      testDb === 'pglite' ? /^market-pglite-\d{8}T\d{9}Z\.tar\.gz$/ : /^market-postgres-\d{8}T\d{9}Z\.dump$/,
    );
    expect(fs.readFileSync(`${file}.sha256`, 'utf8')).toBe(`${await sha256Of(file)}  ${path.basename(file)}\n`);
    // The source goes away: what follows reads the backup only.
    await t.app.close();

    // Restored into a fresh target with the operator's tool.
    const target = await emptyTarget();
    const restored = await runTool('restore', target.env, [file]);
    expect({ code: restored.code, stderr: restored.stderr }).toEqual({ code: 0, stderr: '' });
    expect(restored.stdout).toMatch(/^restored /);

    // A server on the restored copy: every order acknowledged before the backup, as its buyer sees it.
    const copy = await target.open();
    const t2 = await createTestApp({}, copy);
    try {
      const app2 = await t2.client('APP');
      for (const orderId of before.acknowledged) {
        const seen = await app2.call(orderInfo, { orderId }, { token: buyer.token });
        expectCode(seen, '200');
        const status = (seen.data as { status: number }).status;
        expect(status, `order ${orderId}`).not.toBe(OrderStatus.AWAITING_PAYMENT);
      }
      const payments = await copy.db
        .selectFrom('payments')
        .select(['ref', 'status'])
        .where('purpose', '=', 'order')
        .where(
          'ref',
          'in',
          before.paid.map((id) => Number(id)),
        )
        .execute();
      expect(payments.map((p) => [String(p.ref), p.status]).sort()).toEqual(
        before.paid.map((id) => [id, 'paid']).sort(),
      );
      // The check of `npm run ledger:check`, on the copy the server runs on (a third process and a
      // second open of the folder would cost more than the rest of the drill).
      expect(await checkLedger(copy.db)).toEqual([]);
      expect(await unknownMovementCodes(copy.db, LEDGER_MOVEMENT_CODES)).toEqual([]);
      const posted = await copy.db
        .selectFrom('ledger_transfers')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('state', '=', 'posted')
        .executeTakeFirstOrThrow();
      expect(Number(posted.n)).toBeGreaterThanOrEqual(before.paid.length);
    } finally {
      await t2.app.close();
      await copy.drop();
    }
  }, 240_000);
});
