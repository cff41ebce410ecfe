import type { ProviderReconciler, ReconcileSection } from '@app/protocol/ops-money';

/**
 * One source of the daily reconciliation (payouts and refunds now; payments register theirs when
 * they can ask their provider by number): its provider and a run of one Beijing day that lists
 * mismatches and changes nothing.
 */
export interface Reconciler extends ProviderReconciler {
  source: ReconcileSection['source'];
}

/** The port the console's 对账 runs: each module that moves money through a provider registers at composition. */
export class Reconcilers {
  readonly #all: Reconciler[] = [];

  register(reconciler: Reconciler): void {
    this.#all.push(reconciler);
  }

  async runDay(day: string): Promise<ReconcileSection[]> {
    const sections: ReconcileSection[] = [];
    for (const r of this.#all) sections.push({ source: r.source, provider: r.provider, ...(await r.run(day)) });
    return sections;
  }
}
