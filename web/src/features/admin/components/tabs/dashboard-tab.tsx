import type { AdminStats } from '@stockai/contracts';
import { DailyCharts } from '../charts/daily-charts';
import { StatCard } from '../stat-card';

/** Spec section 2, Dashboard: users (active = the last 30 days), analyses, cache; then the daily chart. */
export function DashboardTab({ stats }: { stats: AdminStats }) {
  const { users, analyses, cache } = stats;
  return (
    <>
      <div className="ui-grid admin-grid" data-testid="admin-dashboard-stats">
        <StatCard
          title="Users"
          rows={[
            ['Total', users.total],
            ['Admins', users.admins],
            ['Active (30 days)', users.active],
            ['Free', users.free],
            ['VIP', users.vip],
            ['Premium', users.premium],
          ]}
        />
        <StatCard
          title="Analyses"
          rows={[
            ['Total', analyses.total],
            ['Completed', analyses.completed],
            ['Today', analyses.today],
          ]}
        />
        <StatCard
          title="Cache"
          rows={[
            ['Total entries', cache.totalEntries],
            ['Valid entries', cache.validEntries],
            ['Expired entries', cache.expiredEntries],
          ]}
        />
      </div>
      <DailyCharts />
    </>
  );
}
