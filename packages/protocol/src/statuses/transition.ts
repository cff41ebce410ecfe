/** A status table's allowed moves: `canTransition(table, from, to)`; terminal states allow none. */
export type TransitionTable<S extends string | number> = Record<S, readonly S[]>;

export function canTransition<S extends string | number>(table: TransitionTable<S>, from: S, to: S): boolean {
  return table[from].includes(to);
}

export function isTerminal<S extends string | number>(table: TransitionTable<S>, status: S): boolean {
  return table[status].length === 0;
}
