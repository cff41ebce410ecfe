import {
  type LedgerMovementCode,
  type STATEMENT_KINDS,
  type StatementLine,
  statementKindOf,
  statementLineLabel,
  walletPendingIncome,
  walletStatement,
} from '@app/protocol/calls/wallet';
import type { FastifyInstance } from 'fastify';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import { type StatementRow, userPendingCredits, userStatement } from '../ledger/ledger-statement';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const BEIJING_OFFSET_MS = 8 * 3_600_000;

/** The codes of a kind of the filter. */
const codesOf = (kind: (typeof STATEMENT_KINDS)[number]) =>
  (Object.keys(statementKindOf) as LedgerMovementCode[]).filter((c) => statementKindOf[c] === kind);

/** A month 'YYYY-MM' in Beijing time as [from, to). */
function monthRange(month: string): { from: Date; to: Date } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return {
    from: new Date(Date.UTC(y, m - 1, 1) - BEIJING_OFFSET_MS),
    to: new Date(Date.UTC(y, m, 1) - BEIJING_OFFSET_MS),
  };
}

/** A movement's number as a user reads it (LS + its Beijing day + the transfer's id): customer service finds it by the id. */
function serialOf(id: number, at: Date): string {
  const day = new Date(at.getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 10).replaceAll('-', '');
  return `LS${day}${String(id).padStart(8, '0')}`;
}

function lineOf(row: StatementRow, orderNo: string | null): StatementLine {
  const released = row.state === 'void';
  const holding = row.effect < 0 && row.reservationState === 'pending';
  const kind = (statementKindOf as Record<string, StatementLine['kind']>)[row.code] ?? 'other';
  return {
    id: String(row.id),
    code: row.code,
    kind,
    label: statementLineLabel(row.code, released),
    amount: row.effect,
    balanceAfter: row.balanceAfter,
    state: released ? 'released' : holding ? 'holding' : 'done',
    orderId: row.orderId === null ? null : String(row.orderId),
    orderNo,
    bizNo: serialOf(row.id, row.createdAt),
    time: seconds(row.createdAt),
  };
}

/** 资金明细 beside the balance of userAccountDetail: the wallet's view, read from the ledger. */
/** The order numbers of order ids (the orders module's, handed in at composition: user does not import orders). */
export type OrderNumbers = (db: CallPlatform['db'], orderIds: readonly number[]) => Promise<Map<number, string>>;

export function walletStatementRoutes(app: FastifyInstance, platform: CallPlatform, orderNumbers: OrderNumbers): void {
  registerCall(app, platform, walletStatement, async (input, ctx) => {
    const range = input.month ? monthRange(input.month) : undefined;
    const rows = await userStatement(platform.db, ctx.user.userId, {
      before: input.cursor ? Number(input.cursor) : undefined,
      codes: input.kind ? codesOf(input.kind) : undefined,
      from: range?.from,
      to: range?.to,
      limit: input.pageSize + 1,
    });
    const page = rows.slice(0, input.pageSize);
    const numbers = await orderNumbers(
      platform.db,
      page.flatMap((r) => (r.orderId === null ? [] : [r.orderId])),
    );
    return {
      list: page.map((r) => lineOf(r, r.orderId === null ? null : (numbers.get(r.orderId) ?? null))),
      nextCursor: rows.length > input.pageSize ? String(page[page.length - 1]?.id) : null,
    };
  });
  registerCall(app, platform, walletPendingIncome, async (_input, ctx) => {
    const credits = await userPendingCredits(platform.db, ctx.user.userId);
    const numbers = await orderNumbers(
      platform.db,
      credits.flatMap((c) => (c.orderId === null ? [] : [c.orderId])),
    );
    return {
      list: credits.map((c) => ({
        id: String(c.id),
        label: statementLineLabel(c.code, false),
        amount: c.amount,
        orderId: c.orderId === null ? null : String(c.orderId),
        orderNo: c.orderId === null ? null : (numbers.get(c.orderId) ?? null),
        bizNo: serialOf(c.id, c.createdAt),
        time: seconds(c.createdAt),
        settleTime: c.dueAt ? seconds(c.dueAt) : null,
      })),
      total: credits.reduce((sum, c) => sum + c.amount, 0),
    };
  });
}
