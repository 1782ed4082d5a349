import type { AdminDailyFigures } from '@stockai/contracts';
import { CHART_DAYS, useAdminDailyStats } from '../../api/daily-stats';
import { formatMoney } from '../../utils/format';
import { DailyBarChart } from './daily-bar-chart';

const wholeNumber = (n: number) => String(Math.round(n));
/** An axis label: HK$1,200 rather than HK$1,200.00. */
const wholeMoney = (n: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 0 }).format(n);

/** Every currency paid in over the range, most revenue first: amounts in different currencies are never added up. */
function currenciesOf(days: AdminDailyFigures[]): string[] {
  const totals = new Map<string, number>();
  for (const day of days) for (const r of day.revenue) totals.set(r.currency, (totals.get(r.currency) ?? 0) + r.amount);
  return [...totals.entries()].sort((a, b) => b[1] - a[1]).map(([currency]) => currency);
}

function revenueIn(day: AdminDailyFigures, currency: string): number {
  return day.revenue.find((r) => r.currency === currency)?.amount ?? 0;
}

/**
 * The dashboard's chart (beyond the spec, as issue 14 asks): revenue and analyses for each of the
 * last 30 UTC days, one revenue chart per currency paid in.
 */
export function DailyCharts() {
  const daily = useAdminDailyStats();
  if (daily.isPending) return <p className="admin-muted">Loading daily figures...</p>;
  if (daily.isError) return <p role="alert">Failed to load daily figures: {daily.error.message}</p>;

  const days = daily.data;
  const first = days[0]?.date ?? '';
  const last = days[days.length - 1]?.date ?? '';
  const analyses = days.reduce((sum, d) => sum + d.analyses, 0);
  const completed = days.reduce((sum, d) => sum + d.completedAnalyses, 0);
  const currencies = currenciesOf(days);

  return (
    <section className="admin-card admin-charts" data-testid="admin-daily-charts">
      <h3>Last {CHART_DAYS} days</h3>
      <div className="ui-columns admin-charts__grid">
        {currencies.length === 0 ? (
          <p className="admin-muted">
            No confirmed payments from {first} to {last} (UTC).
          </p>
        ) : (
          currencies.map((currency) => {
            const total = days.reduce((sum, d) => sum + revenueIn(d, currency), 0);
            return (
              <DailyBarChart
                key={currency}
                title={`Revenue per day (${currency})`}
                summary={`Revenue in ${currency} from ${first} to ${last} (UTC): ${formatMoney(total, currency)} in total.`}
                bars={days.map((d) => ({ date: d.date, value: revenueIn(d, currency) }))}
                format={(n) => formatMoney(n, currency)}
                axisFormat={(n) => wholeMoney(n, currency)}
                valueLabel={`Revenue (${currency})`}
              />
            );
          })
        )}
        <DailyBarChart
          title="Analyses per day"
          summary={`${analyses} analyses started from ${first} to ${last} (UTC), ${completed} of them completed.`}
          bars={days.map((d) => ({ date: d.date, value: d.analyses, part: d.completedAnalyses }))}
          format={wholeNumber}
          wholeNumbers
          valueLabel="Started"
          partLabel="Completed"
        />
      </div>
    </section>
  );
}
