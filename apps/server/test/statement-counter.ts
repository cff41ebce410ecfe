import type { KyselyPlugin, RootOperationNode } from 'kysely';
import type { AppDb } from '../src/database';

/**
 * Every statement and every transaction an app's handle sends while counting (issue 19, then issue
 * 37): a Kysely plugin on the handle sees each statement, a proxy of it each transaction it opens
 * (a transaction's own statements pass the plugin too). The placement tests bound what one order
 * costs the database with it (order-place-statements.test.ts, broker-order-place-statements.test.ts).
 */
export interface StatementCounter {
  /** The handle to build the app on. */
  db: AppDb;
  /** Runs `work` counting: what it answered, and the statements (kind and first table) and transactions it sent. */
  count<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[]; transactions: number }>;
}

/** The kind and the first table of a statement, for the failure message. */
function describeNode(node: RootOperationNode): string {
  const n = node as unknown as {
    kind: string;
    from?: {
      froms?: Array<{
        table?: { identifier?: { name?: string } };
        node?: { table?: { identifier?: { name?: string } } };
      }>;
    };
    into?: { table?: { identifier?: { name?: string } } };
    table?: { table?: { identifier?: { name?: string } } };
  };
  const table =
    n.from?.froms?.[0]?.table?.identifier?.name ??
    // An aliased table (`orders as o`).
    n.from?.froms?.[0]?.node?.table?.identifier?.name ??
    n.into?.table?.identifier?.name ??
    n.table?.table?.identifier?.name;
  return `${n.kind}${table ? ` ${table}` : ''}`;
}

export function statementCounter(db: AppDb): StatementCounter {
  let statements: string[] = [];
  let transactions = 0;
  let counting = false;
  /**
   * A statement counts once it was sent and answered (transformResult): a subquery built from the
   * handle passes transformQuery too, without being a statement of its own.
   */
  const built = new Map<unknown, string>();
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      if (counting) built.set(args.queryId, describeNode(args.node));
      return args.node;
    },
    transformResult: (args) => {
      if (counting) statements.push(built.get(args.queryId) ?? 'unknown');
      return Promise.resolve(args.result);
    },
  };
  const withPlugin = db.withPlugin(plugin);
  const counted = new Proxy(withPlugin, {
    get(target, property) {
      if (property === 'transaction')
        return () => {
          if (counting) transactions++;
          return target.transaction();
        };
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  }) as AppDb;
  return {
    db: counted,
    async count(work) {
      statements = [];
      transactions = 0;
      built.clear();
      counting = true;
      try {
        const result = await work();
        return { result, statements, transactions };
      } finally {
        counting = false;
      }
    },
  };
}
