import { randomUUID } from 'node:crypto';
import { type Database, type Logger, type PeriodicJob, runPeriodically } from '@stockai/platform';
import type { Quote, QuoteSource } from '../market-data';
import type { Stock } from '../universe';
import { recordNotification } from '../notifications/service';
import { type ReportFacts, nextStep, readAlert } from './alert-rules';
import { alertText } from './alert-texts';
import { type AlertRow, watchlistRepo } from './repo';
import { reportOf } from './reports';
import { stockName } from './service';

export const DEFAULT_ALERT_CHECK_SECONDS = 300;

/** Firings and re-armings of a round run this many at once (each its own statement or transaction; the pool holds 10). */
const CHANGES_AT_ONCE = 4;

/** Runs `tasks` with at most `atOnce` under way (each handles its own failure). */
async function inTurns(tasks: Array<() => Promise<void>>, atOnce: number) {
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < tasks.length; i = next++) await (tasks[i] as () => Promise<void>)();
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, tasks.length) }, worker));
}

export interface AlertEvaluationDeps {
  db: Database;
  quotes: QuoteSource;
  findStock(symbol: string): Promise<Stock | null>;
  logger: Logger;
  /** Asks the outbox relay to publish the notifications' events. */
  afterCommit: () => void;
}

/** What one round did (tests and logs read it). */
export interface EvaluationRound {
  alerts: number;
  fired: number;
  rearmed: number;
}

/**
 * The alerts' evaluation, run every ALERT_CHECK_SECONDS by each API process of analysis: every
 * alert is read against the latest quotes (one batch for all watched stocks) and its member's
 * last report; an armed alert that is across fires, a fired one that is back across by the
 * margin re-arms (alert-rules.ts).
 *
 * Firing is one transaction: a conditional update of the alert (still armed, at the crossing
 * count this round read), the notification under the crossing's unique key, and its
 * `notification.created` in the outbox. Of several processes evaluating at once, or a process
 * restarted in the middle of a round, exactly one fires each crossing: the others' update
 * changes no row and they write nothing.
 */
export function alertEvaluation(deps: AlertEvaluationDeps) {
  const { db, logger } = deps;
  let job: PeriodicJob | undefined;

  async function fire(alert: AlertRow, reading: Extract<ReturnType<typeof readAlert>, { state: 'across' }>, context: FireContext) {
    const stock = await deps.findStock(alert.symbol);
    const name = stockName(stock, alert.symbol);
    const { quote, report } = context;
    const currency = quote?.currency ?? (alert.symbol.endsWith('.HK') ? 'HKD' : 'USD');
    const text = alertText({
      name,
      symbol: alert.symbol,
      crossing: reading.crossing,
      price: quote?.price ?? null,
      priceAsOf: quote?.asOf ?? null,
      currency,
      reportDate: context.reportDate,
      figuresAsOf: quote?.figuresAsOf ?? null,
      reportAsOf: report?.dataAsOf ?? null,
    });
    const crossing = alert.crossings + 1;
    return db.transaction(async (tx) => {
      if (!(await watchlistRepo.fire(tx, alert.id, alert.crossings))) return false;
      return recordNotification(
        tx,
        {
          id: randomUUID(),
          userId: alert.user_id,
          alertId: alert.id,
          crossingKey: `${alert.id}:${crossing}`,
          kind: alert.kind,
          symbol: alert.symbol,
          ...text,
        },
        {
          stockName: name,
          price: quote?.price ?? null,
          threshold: reading.crossing.threshold,
          currency,
          analysisId: report?.analysisId ?? null,
        },
      );
    });
  }

  async function evaluateOnce(): Promise<EvaluationRound> {
    const alerts = await watchlistRepo.allAlerts(db);
    const round: EvaluationRound = { alerts: alerts.length, fired: 0, rearmed: 0 };
    if (alerts.length === 0) return round;
    const [quotes, reportRows] = await Promise.all([
      deps.quotes.quotes([...new Set(alerts.map((a) => a.symbol))]),
      alerts.some((a) => a.kind === 'report_thresholds' || a.kind === 'report_stale') ? watchlistRepo.reportsOfReportAlerts(db) : [],
    ]);
    const reports = new Map(reportRows.map((r) => [`${r.user_id}:${r.symbol}`, { facts: reportOf(r).facts, date: r.created_at }]));
    const changes: Array<() => Promise<void>> = [];
    // One alert's failure (a database blip) leaves the others to this round and itself to the next.
    const change = (alert: AlertRow, apply: () => Promise<void>) =>
      changes.push(() =>
        apply().catch((err: unknown) =>
          logger.error({ err, alertId: alert.id, symbol: alert.symbol }, 'alert evaluation failed for one alert'),
        ),
      );
    for (const alert of alerts) {
      const quote = quotes.get(alert.symbol) ?? null;
      const report = reports.get(`${alert.user_id}:${alert.symbol}`);
      const reading = readAlert({ kind: alert.kind, price: alert.price }, quote, report?.facts ?? null);
      const step = nextStep(alert.armed, reading);
      if (step === 'fire' && reading.state === 'across') {
        const context = { quote, report: report?.facts ?? null, reportDate: report ? hongKongDate(report.date) : null };
        change(alert, async () => {
          if (await fire(alert, reading, context)) round.fired++;
        });
      } else if (step === 'rearm') {
        change(alert, async () => {
          if (await watchlistRepo.rearm(db, alert.id, alert.crossings)) round.rearmed++;
        });
      }
    }
    // Most rounds change nothing; a market move may fire many alerts, a transaction each: a few at once.
    await inTurns(changes, CHANGES_AT_ONCE);
    if (round.fired > 0) deps.afterCommit();
    if (round.fired > 0 || round.rearmed > 0) logger.info(round, 'alerts evaluated');
    return round;
  }

  return {
    evaluateOnce,
    start(everyMs: number) {
      job = runPeriodically({
        everyMs,
        run: evaluateOnce,
        immediately: true,
        onError: (err) => logger.error({ err }, 'alert evaluation failed; trying again next round'),
      });
    },
    async stop() {
      await job?.stop();
    },
  };
}
export type AlertEvaluation = ReturnType<typeof alertEvaluation>;

interface FireContext {
  quote: Quote | null;
  report: ReportFacts | null;
  reportDate: string | null;
}

/** A report's date as the member saw it (Hong Kong). */
function hongKongDate(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Hong_Kong' }).format(at);
}
