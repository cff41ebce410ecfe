/**
 * Whether a query finds at least one row: it is limited to one and its first row asked for (the
 * removal checks' facts: "has live deposits", "has a pending withdrawal" …, each on its owner's table).
 */
export async function hasAny(query: { limit(n: number): { executeTakeFirst(): Promise<unknown> } }): Promise<boolean> {
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}
