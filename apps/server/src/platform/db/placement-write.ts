import { shanghaiDayDigits } from '@app/protocol/format';
import { type OperationNodeSource, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DbHandle } from './handle';
import { PREPARED } from './prepared-pool';

/**
 * A step of a placement's statement (a common table expression of it), built by the module that
 * owns its table: it must answer a row for the placement to go on.
 */
export interface PlacementStep {
  /** Its name in the statement. */
  name: string;
  /** What the placement throws when the step answered no row. */
  refused: () => Error;
}

/** What a chat step of the statement (PlacementChat) may say of the order it writes: whether it was written, and its id. */
export const placedOrder = {
  written: sql<SqlBool>`exists (select 1 from placed)`,
  id: sql<number>`(select id from placed)`,
};

/** The chat opened with the order, as steps of the same statement (the im module's groupStep, through its owner's events). */
export interface PlacementChat {
  ctes: RawBuilder<unknown>;
  columns: RawBuilder<unknown>;
  joins: RawBuilder<unknown>;
}

export interface PlacementSpec<Row> {
  /** Held first, in this order (an account open, a merchant approved): each row locked for share by its step. */
  guards: Array<PlacementStep & { step: OperationNodeSource }>;
  /** What the order takes (a listing moved, stock reserved), only `when` every guard answered; the order is written only when it did. */
  take: PlacementStep & { step: (when: RawBuilder<SqlBool>) => OperationNodeSource };
  /** The order's table (its owner's): its id drawn from the table's sequence in the statement. */
  table: string;
  /** The order's number: this letter, the placing day in Beijing, the id in at least 8 digits. */
  prefix: string;
  now: number;
  /** The order's own values; the table fills `defaulted`, the statement its id and number. */
  values: Partial<Row>;
  defaulted: readonly (keyof Row & string)[];
  chat?: PlacementChat | undefined;
}

/**
 * The writes of a placement in one statement (decisions 0027, 0031, 0078), shared by the
 * exchange's orders and the broker's: the guards, then the take only when all of them held, then
 * the order's id drawn (nextval, only when the take happened) and the order inserted with its id
 * and number, then (`chat`) its chat. A statement is its own transaction: a step that did not
 * happen leaves nothing written, and the answer names the first one (its `refused`, in the order
 * given). A unique index the insert breaks (a request key used) refuses the whole statement.
 * Answers the order as written, and the whole answer row (the chat's columns with it).
 */
export async function writePlacement<Row>(
  db: DbHandle,
  spec: PlacementSpec<Row>,
): Promise<{ placed: Row; row: Record<string, unknown> }> {
  const { guards, take, chat } = spec;
  const flag = (step: PlacementStep) => sql.id(`step_${step.name}`);
  const when = sql<SqlBool>`${sql.join(
    guards.map((g) => sql`exists (select 1 from ${sql.id(g.name)})`),
    sql` and `,
  )}`;
  const columns = Object.keys(spec.values) as (keyof Row & string)[];
  const values = spec.values as Record<string, unknown>;
  const { rows } = await sql<Record<string, unknown>>`
    with ${sql.join(guards.map((g) => sql`${sql.id(g.name)} as materialized (${g.step})`))},
    ${sql.id(take.name)} as (${take.step(when)}), drawn as (
      select nextval(pg_get_serial_sequence(${spec.table}, 'id'))::int as id from ${sql.id(take.name)}
    ), placed as (
      insert into ${sql.table(spec.table)} (id, order_no, ${sql.join(columns.map((c) => sql.ref(c)))})
      select drawn.id, ${spec.prefix}::text || ${shanghaiDayDigits(spec.now)}::text || lpad(drawn.id::text, greatest(8, length(drawn.id::text)), '0'),
        ${sql.join(columns.map((c) => sql`${values[c]}`))} from drawn
      returning *
    )${chat?.ctes ?? sql``}
    select ${sql.join([...guards, take].map((s) => sql`exists (select 1 from ${sql.id(s.name)}) as ${flag(s)}`))}, placed.*${chat?.columns ?? sql``}
    from (select 1) as one left join placed on true${chat?.joins ?? sql``} ${PREPARED}`.execute(db);
  const row = rows[0] ?? {};
  for (const step of [...guards, take]) if (!row[`step_${step.name}`]) throw step.refused();
  const own = new Set<string>(['id', 'order_no', ...columns, ...spec.defaulted]);
  const placed = Object.fromEntries(Object.entries(row).filter(([column]) => own.has(column)));
  return { placed: placed as Row, row };
}
