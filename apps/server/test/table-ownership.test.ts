import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import { listingById } from '../src/modules/exchange/listings';
import { ordersDb } from '../src/modules/orders/orders.tables';
import { userDb } from '../src/modules/user/user.tables';
import type { Db } from '../src/platform/db/database';
import type { DbHandle } from '../src/platform/db/handle';
import { platformDb } from '../src/platform/db/platform.tables';

/**
 * The compiler guards table ownership (decision 0046). Each `@ts-expect-error` below is a rule: if a
 * handle ever named a table it should not, the expectation would go unused and `tsc -b` would fail.
 * The runtime part only compiles statements (no database): the narrowed handles stay plain Kysely.
 */

/** A handle as the app hands it over, on a driver that sends nothing. */
function opaqueHandle(): DbHandle {
  return new Kysely<unknown>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
}

/** Never run: what it must not compile is the point. */
async function rules(handle: DbHandle, db: Db) {
  // The opaque handle names no table, in any statement.
  // @ts-expect-error the handle that crosses modules has no selectFrom
  handle.selectFrom('orders');
  // @ts-expect-error nor insertInto
  handle.insertInto('users');
  // @ts-expect-error the app's database as modules receive it is the same opaque handle
  db.updateTable('orders');
  await handle.transaction().execute(async (trx) => {
    // @ts-expect-error a transaction opened on the opaque handle is as opaque
    trx.selectFrom('orders');
  });

  // A module's narrowed handle names its own tables and no other module's.
  const orders = ordersDb(handle);
  orders.selectFrom('orders').select('id');
  // @ts-expect-error users belongs to the user module
  orders.selectFrom('users');
  // @ts-expect-error nor in a join
  orders.selectFrom('orders').innerJoin('users', 'users.id', 'orders.buyer_user_id');
  // @ts-expect-error nor in a write
  orders.deleteFrom('commodities');
  await orders.transaction().execute(async (trx) => {
    // @ts-expect-error a transaction on the narrowed handle sees the same tables
    trx.selectFrom('user_coupons');
    // The owner's transaction crosses into another module's function as it is: that module narrows it.
    return listingById(trx, 1);
  });
  // @ts-expect-error the platform's handle sees the platform's tables only
  platformDb(handle).selectFrom('orders');
  // @ts-expect-error and a module's handle none of the platform's
  userDb(handle).selectFrom('sessions');
}

describe('table ownership', () => {
  it('narrows the opaque handle to the owner, whose statements name its tables', () => {
    const handle = opaqueHandle();
    expect(ordersDb(handle).selectFrom('orders').select('id').compile().sql).toBe('select "id" from "orders"');
    expect(userDb(handle).selectFrom('users').select('uid').compile().sql).toBe('select "uid" from "users"');
    expect(platformDb(handle).selectFrom('sessions').select('user_id').compile().sql).toBe(
      'select "user_id" from "sessions"',
    );
    expect(rules).toBeTypeOf('function');
  });
});
