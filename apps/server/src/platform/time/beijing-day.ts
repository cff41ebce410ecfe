/** One Beijing day (UTC+8, no daylight saving), given as 2026-12-02: its first instant and the next day's. */
export function beijingDayRange(day: string): { start: Date; end: Date } {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`a day like 2026-12-02, not ${day}`);
  const start = new Date(`${day}T00:00:00+08:00`);
  if (Number.isNaN(start.getTime())) throw new Error(`not a day: ${day}`);
  return { start, end: new Date(start.getTime() + 86_400_000) };
}
