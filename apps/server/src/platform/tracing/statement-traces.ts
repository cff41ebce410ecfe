import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import {
  ATTR_DB_OPERATION_NAME,
  ATTR_DB_QUERY_TEXT,
  ATTR_DB_SYSTEM_NAME,
  DB_SYSTEM_NAME_VALUE_POSTGRESQL,
} from '@opentelemetry/semantic-conventions';
import type { Db } from '../db/database';
import { databaseWatchOf } from '../db/statement-timings';
import type { Tracing } from './tracing';

/** How much of a statement a span keeps: enough to know it, never a whole generated IN list. */
const STATEMENT_CHARS = 300;

/** The statement as a span shows it: whitespace folded, cut at STATEMENT_CHARS. */
export function shortStatement(sql: string): string {
  const folded = sql.replace(/\s+/g, ' ').trim();
  return folded.length > STATEMENT_CHARS ? `${folded.slice(0, STATEMENT_CHARS)}…` : folded;
}

/**
 * A child span of the active context for every statement of a traced request (decision 0060), from the database
 * watch's second listener: Kysely's log hook hears of a statement once it was answered, in the
 * caller's async context, with its duration, so the span starts that long before now. The text is
 * Kysely's compiled SQL: parameters are `$n`, their values are never recorded.
 */
export function statementTraces(db: Db, tracing: Tracing): void {
  const watch = databaseWatchOf(db);
  if (!watch) return;
  watch.traced = (sql, millis, failed) => {
    // Outside a traced request (a sweep, the start): no trace of one statement each.
    const parent = context.active();
    if (!trace.getSpan(parent)) return;
    const end = Date.now();
    const operation = /^\s*\(?\s*(\w+)/.exec(sql)?.[1]?.toLowerCase() ?? 'statement';
    const span = tracing.tracer.startSpan(
      `db ${operation}`,
      {
        kind: SpanKind.CLIENT,
        startTime: end - millis,
        attributes: {
          [ATTR_DB_SYSTEM_NAME]: DB_SYSTEM_NAME_VALUE_POSTGRESQL,
          [ATTR_DB_OPERATION_NAME]: operation,
          [ATTR_DB_QUERY_TEXT]: shortStatement(sql),
        },
      },
      parent,
    );
    if (failed) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end(end);
  };
}
