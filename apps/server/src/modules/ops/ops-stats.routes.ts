import { StaffAction } from '@app/protocol/ops';
import { statsQuery } from '@app/protocol/ops-stats';
import type { FastifyInstance } from 'fastify';
import type { StatsHandle } from '../stats/stats.module';
import type { OpsDeps } from './ops.module';
import { ok, parse, staffOf } from './ops-http';
import { writeAudit } from './staff-audit';

const stats = { config: { access: 'stats' as const } };

/** 数据 (运营 and 管理员): the dashboard, the A/B comparison and the CSV export over the stats module. */
export function opsStatsRoutes(ops: FastifyInstance, deps: OpsDeps & { stats: StatsHandle }): void {
  ops.get('/stats/dashboard', stats, async (request) =>
    ok(await deps.stats.dashboard(parse(statsQuery, request.query))),
  );
  ops.get('/stats/ab', stats, async (request) => ok(await deps.stats.ab(parse(statsQuery, request.query))));
  ops.get('/stats/export', stats, async (request, reply) => {
    const q = parse(statsQuery, request.query);
    const csv = await deps.stats.csv(q);
    await writeAudit(deps.db, {
      staffId: staffOf(request).id,
      action: StaffAction.STATS_EXPORT,
      ip: request.ip,
      after: { from: q.from, to: q.to, game: q.game ?? null, goodsType: q.goodsType ?? null },
    });
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="stats-${q.from}-${q.to}.csv"`)
      .send(csv);
  });
}
