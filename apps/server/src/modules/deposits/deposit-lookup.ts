import { depositStateLabel } from '@app/protocol/calls/deposit';
import type { OpsUserDeposit } from '@app/protocol/ops-users';
import type { DbHandle } from '../../platform/db/handle';
import { countedPage } from '../../platform/db/page';
import { depositsDb } from './deposits.tables';

/** A user's deposits (保证金 he paid), newest first, a page at a time (the console's user page). */
export async function userDepositsPage(
  db: DbHandle,
  userId: number,
  page: number,
  pageSize: number,
): Promise<{ total: number; list: OpsUserDeposit[] }> {
  const base = depositsDb(db).selectFrom('deposits').where('user_id', '=', userId);
  const { total, rows } = await countedPage(
    base,
    base.select(['id', 'title', 'amount_fen', 'status', 'created_at']).orderBy('id', 'desc'),
    { page, pageSize },
  );
  return {
    total,
    list: rows.map((r) => ({
      id: String(r.id),
      title: r.title,
      amount: r.amount_fen,
      status: r.status,
      statusLabel: depositStateLabel[r.status],
      createdAt: r.created_at.getTime(),
    })),
  };
}
