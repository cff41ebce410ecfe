import type { AbComparison, StatsDashboard, StatsQuery } from '@app/protocol/ops-stats';
import { useQuery } from '@tanstack/react-query';
import { OpsError, opsFetch, opsKeys, opsSession } from './ops-fetch';

const statsKey = [...opsKeys.all, 'stats'] as const;

/** The query string of a dashboard query (empty filters left out). */
export function statsSearch(q: StatsQuery): string {
  const params = new URLSearchParams({ from: q.from, to: q.to });
  if (q.game) params.set('game', q.game);
  if (q.goodsType) params.set('goodsType', q.goodsType);
  return params.toString();
}

/** 数据: the day figures and the total of a range (the server refuses more than a year). */
export const useStatsDashboard = (q: StatsQuery) =>
  useQuery({
    queryKey: [...statsKey, 'dashboard', q] as const,
    queryFn: () => opsFetch<StatsDashboard>(`/stats/dashboard?${statsSearch(q)}`),
    retry: false,
  });

/** The A/B comparison of the same range and filters. */
export const useStatsAb = (q: StatsQuery) =>
  useQuery({
    queryKey: [...statsKey, 'ab', q] as const,
    queryFn: () => opsFetch<AbComparison>(`/stats/ab?${statsSearch(q)}`),
    retry: false,
  });

/** The CSV export, downloaded as a file (the server audits it). */
export async function downloadStatsCsv(q: StatsQuery): Promise<void> {
  const token = opsSession.token();
  const res = await fetch(`/ops/v1/stats/export?${statsSearch(q)}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  }).catch(() => {
    throw new OpsError('网络异常，请稍后重试', 'network');
  });
  if (!res.headers.get('content-type')?.includes('text/csv')) {
    const answer = (await res.json().catch(() => null)) as { code: string; msg: string } | null;
    throw new OpsError(answer?.msg ?? `服务异常（${res.status}）`, answer?.code ?? String(res.status));
  }
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `数据统计-${q.from}-${q.to}.csv`;
  link.click();
  URL.revokeObjectURL(url);
}
