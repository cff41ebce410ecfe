import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

interface Watch {
  table: string;
  /** An update that sets only these columns is not a change the watcher cares about. */
  ignoreColumns: ReadonlySet<string>;
  listener: () => void;
}

/** The table a node names (`commodities`, `commodities as c`), if it is one. */
function tableName(node: OperationNode | undefined): string | undefined {
  if (!node) return undefined;
  if (node.kind === 'AliasNode') return tableName((node as unknown as { node: OperationNode }).node);
  if (node.kind === 'TableNode')
    return (node as unknown as { table: { identifier: { name: string } } }).table.identifier.name;
  return undefined;
}

interface WriteNode {
  kind: string;
  into?: OperationNode;
  table?: OperationNode;
  from?: { froms: readonly OperationNode[] };
  updates?: readonly { column: { column: { name: string } } }[];
  with?: { expressions: readonly { expression: OperationNode }[] };
}

/**
 * Tells a module when a statement writes one of its tables, as the statement is sent (before its
 * transaction commits: a watcher that caches reads keeps them short-lived for that reason). The
 * module that owns the table registers; the platform only reads the statement's tree.
 */
export class TableWrites implements KyselyPlugin {
  readonly #watches: Watch[] = [];

  watch(table: string, listener: () => void, ignoreColumns: readonly string[] = []): () => void {
    const watch = { table, listener, ignoreColumns: new Set(ignoreColumns) };
    this.#watches.push(watch);
    return () => {
      const at = this.#watches.indexOf(watch);
      if (at >= 0) this.#watches.splice(at, 1);
    };
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (this.#watches.length > 0) this.#notice(args.node as unknown as WriteNode);
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }

  #notice(node: WriteNode): void {
    for (const cte of node.with?.expressions ?? []) this.#notice(cte.expression as unknown as WriteNode);
    let tables: (string | undefined)[];
    if (node.kind === 'InsertQueryNode') tables = [tableName(node.into)];
    else if (node.kind === 'UpdateQueryNode') tables = [tableName(node.table)];
    else if (node.kind === 'DeleteQueryNode') tables = (node.from?.froms ?? []).map(tableName);
    else return;
    const columns = node.kind === 'UpdateQueryNode' ? (node.updates ?? []).map((u) => u.column.column.name) : null;
    for (const watch of this.#watches) {
      if (!tables.includes(watch.table)) continue;
      if (columns && columns.length > 0 && columns.every((c) => watch.ignoreColumns.has(c))) continue;
      watch.listener();
    }
  }
}

const registry = new WeakMap<object, TableWrites>();

export function registerTableWrites(db: object, writes: TableWrites): void {
  registry.set(db, writes);
}

/** The database's write watcher; absent on a handle not opened by openDatabase (nothing to watch then). */
export function tableWritesOf(db: object): TableWrites | undefined {
  return registry.get(db);
}
