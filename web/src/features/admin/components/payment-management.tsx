import type { AdminMoney, AdminPayment } from '@stockai/contracts';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner/spinner';
import { type PaymentFilters, type PaymentStatusFilter, fetchPayments, usePaymentStats, usePayments } from '../api/payments';
import { toCsv, downloadText } from '../utils/csv';
import { messageOf } from '../utils/errors';
import { formatDateTime, formatMoney } from '../utils/format';
import { AdminTable } from './admin-table';
import { PackageManager } from './package-manager';
import { SectionTabs } from './section-tabs';
import { StatCard } from './stat-card';
import { Pagination } from './pagination';
import './admin.css';
import { QueryFallback } from '@/components/ui/query-state/query-state';
import { FormMessage } from '@/components/ui/form-message/form-message';

const STATUSES: PaymentStatusFilter[] = ['all', 'completed', 'failed', 'canceled', 'requires_action'];
const KNOWN = ['completed', 'failed', 'canceled', 'requires_action'];
const NO_FILTERS: PaymentFilters = { status: 'all', dateFrom: '', dateTo: '' };
/** The export walks the filtered payments this many at a time. */
const EXPORT_PAGE_SIZE = 100;

/** Spec section 2: statuses other than the four known ones show as processing. */
const shownStatus = (status: string) => (KNOWN.includes(status) ? status : 'processing');
const typeLabel = (p: AdminPayment) => (p.type === 'topup' ? 'credit purchase' : p.type);
/** The package type, with the name it had when bought (kept after the package is renamed or deleted). */
const packageLabel = (p: AdminPayment) => (p.packageName ? `${p.packageName} (${p.packageType})` : p.packageType);
const revenue = (amounts: AdminMoney[]) =>
  amounts.length === 0 ? formatMoney(0) : amounts.map((m) => formatMoney(m.amount, m.currency)).join(' + ');

function PaymentHistory() {
  const [draft, setDraft] = useState<PaymentFilters>(NO_FILTERS);
  const [filters, setFilters] = useState<PaymentFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [exportError, setExportError] = useState<string | null>(null);
  const payments = usePayments(page, filters);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
    setPage(1);
  };

  const exportCsv = async () => {
    setExportError(null);
    try {
      const rows: AdminPayment[] = [];
      for (let p = 1, pages = 1; p <= pages; p++) {
        const answer = await fetchPayments(p, filters, EXPORT_PAGE_SIZE);
        rows.push(...answer.payments);
        pages = answer.pages;
      }
      const csv = toCsv(
        ['date', 'email', 'name', 'user id', 'type', 'package', 'package name', 'credits', 'amount', 'currency', 'status', 'payment id'],
        rows.map((r) => [
          r.createdAt,
          r.userEmail,
          r.userName,
          r.userId,
          typeLabel(r),
          r.packageType,
          r.packageName,
          r.credits,
          r.amount,
          r.currency,
          r.status,
          r.stripePaymentIntentId,
        ]),
      );
      downloadText(`payments-${new Date().toISOString().slice(0, 10)}.csv`, csv);
    } catch (error) {
      setExportError(messageOf(error, 'Failed to load payment history'));
    }
  };

  return (
    <div className="ui-stack ui-stack--3 admin-section">
      <form className="admin-toolbar admin-filters" onSubmit={apply}>
        <label>
          Status
          <select value={draft.status} onChange={(e) => setDraft({ ...draft, status: e.target.value as PaymentStatusFilter })}>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label>
          From
          <input type="date" value={draft.dateFrom} onChange={(e) => setDraft({ ...draft, dateFrom: e.target.value })} />
        </label>
        <label>
          To
          <input type="date" value={draft.dateTo} onChange={(e) => setDraft({ ...draft, dateTo: e.target.value })} />
        </label>
        <button type="submit" className="btn btn--primary">
          Apply
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => {
            setDraft(NO_FILTERS);
            setFilters(NO_FILTERS);
            setPage(1);
          }}
        >
          Clear
        </button>
        <button type="button" className="btn btn--secondary" onClick={() => void exportCsv()}>
          Export CSV
        </button>
      </form>
      {exportError && <FormMessage>{exportError}</FormMessage>}
      {payments.isError && <FormMessage>Failed to load payment history</FormMessage>}
      {payments.data && (
        <>
          <AdminTable testId="payments-table" headers={['User', 'Package', 'Amount', 'Credits', 'Status', 'Date', 'Payment ID']}>
            {payments.data.payments.map((p) => (
              <tr key={p._id}>
                <td>
                  {p.userEmail ?? p.userId}
                  <br />
                  <span className="admin-muted">{p.userName ?? p.userId}</span>
                </td>
                <td>
                  {typeLabel(p)}
                  {p.packageType && ` · ${packageLabel(p)}`}
                  {p.credits !== null && ` · ${p.credits} credits`}
                </td>
                <td>{formatMoney(p.amount, p.currency)}</td>
                <td>{p.credits ?? '—'}</td>
                <td>
                  <span className={`admin-badge admin-badge--${shownStatus(p.status)}`}>{shownStatus(p.status)}</span>
                </td>
                <td>{formatDateTime(p.createdAt)}</td>
                <td className="admin-mono">{(p.stripePaymentIntentId ?? p._id).slice(0, 20)}</td>
              </tr>
            ))}
          </AdminTable>
          <Pagination page={payments.data.page} pages={payments.data.pages} total={payments.data.total} onPage={setPage} />
        </>
      )}
    </div>
  );
}

function Statistics() {
  const stats = usePaymentStats();
  if (!stats.isSuccess) return <QueryFallback query={stats} loading={<p>Loading...</p>} failed="Failed to load payment statistics" />;
  const s = stats.data;
  const cards: [string, [string, string][]][] = [
    [
      'Revenue',
      [
        ['Total', revenue(s.totalRevenue)],
        ['This month', revenue(s.monthlyRevenue)],
        ['Today', revenue(s.todayRevenue)],
      ],
    ],
    [
      'Transactions',
      [
        ['Total', String(s.totalTransactions)],
        ['Successful', String(s.successfulTransactions)],
        ['Failed', String(s.failedTransactions)],
      ],
    ],
    [
      'Credits',
      [
        ['Total sold', String(s.totalCreditsSold)],
        ['Average per transaction', s.avgCreditsPerTransaction.toFixed(1)],
      ],
    ],
  ];
  return (
    <div className="ui-grid admin-grid" data-testid="payment-stats">
      {cards.map(([title, rows]) => (
        <StatCard key={title} title={title} rows={rows} />
      ))}
    </div>
  );
}

const TABS = [
  ['history', 'Payment History'],
  ['packages', 'Package Management'],
  ['stats', 'Statistics'],
] as const;

/** Spec admin section 2, payment management. */
export function PaymentManagement({ dashboardPath }: { dashboardPath: string }) {
  const [tab, setTab] = useState<(typeof TABS)[number][0]>('history');
  // The first page of payments is the page's load: its state is the page's state.
  const first = usePayments(1, NO_FILTERS);
  if (first.isPending) return <Spinner label="Loading payment management..." />;
  if (first.isError)
    return (
      <div className="ui-stack ui-stack--3 admin-error" role="alert">
        <p>{messageOf(first.error, 'Failed to load payment history')}</p>
        <Link to={dashboardPath}>Back to the admin dashboard</Link>
      </div>
    );
  return (
    <div className="admin">
      <div className="ui-wrap admin__head">
        <h1 className="admin__title">Payment Management</h1>
        <Link to={dashboardPath}>Back to the admin dashboard</Link>
      </div>
      <SectionTabs label="Payment sections" tabs={TABS} current={tab} onChoose={setTab} />
      <div className="ui-stack ui-stack--3 admin__panel">
        {tab === 'history' && <PaymentHistory />}
        {tab === 'packages' && <PackageManager />}
        {tab === 'stats' && <Statistics />}
      </div>
    </div>
  );
}
