import type { SearchHit } from '@app/protocol/ops-users';
import type { DbHandle } from '../../platform/db/handle';

/**
 * 查找's port (docs/decisions/0061-opsusers-bans.md): each module that hands out an id a staff
 * member may be asked about registers a finder for its own ids at composition (users by phone and
 * uid, orders by number and bizNo, listings, broker orders and merchants, withdrawals); ops asks
 * every one and names no domain. A finder answers what it recognises, nothing for the rest.
 */
export type Finder = (db: DbHandle, text: string) => Promise<SearchHit[]>;

export class Finders {
  private readonly finders = new Map<string, Finder>();

  register(name: string, finder: Finder): void {
    if (this.finders.has(name)) throw new Error(`finder ${name} registered twice`);
    this.finders.set(name, finder);
  }

  /** Every finder's hits, in the order they registered. */
  async find(db: DbHandle, text: string): Promise<SearchHit[]> {
    const answers = await Promise.all([...this.finders.values()].map((finder) => finder(db, text)));
    return answers.flat();
  }
}
