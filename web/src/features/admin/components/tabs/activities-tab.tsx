import { useState } from 'react';
import { useActivities, useActivityStats } from '../../api/activities';
import { cutDetail, formatDateTime } from '../../utils/format';
import { AdminTable } from '../admin-table';
import { Pagination } from '../pagination';

/** Spec section 2: these stay out of the details map. */
const HIDDEN_DETAILS = ['status', 'userAgent', 'ipAddress'];

/** Spec section 2, User Activities: the log, 20 a page, and the stats over 30 days. */
export function ActivitiesTab() {
  const [page, setPage] = useState(1);
  const activities = useActivities(page);
  const stats = useActivityStats();
  // A failed load reads as an empty list (spec section 8).
  const list = activities.data ?? { activities: [], page: 1, totalPages: 1, total: 0 };

  return (
    <div className="ui-stack ui-stack--3 admin-section">
      <section className="admin-card" data-testid="activity-stats">
        <h3>Last 30 days</h3>
        <ul className="admin-list">
          {(stats.data ?? []).map((type) => (
            <li key={type._id}>
              <strong>{type._id}</strong>: {type.total} ({type.statuses.map((s) => `${s.status} ${s.count}`).join(', ')})
            </li>
          ))}
        </ul>
      </section>
      <AdminTable testId="activities-table" headers={['Time', 'User', 'Activity', 'Status', 'Details']}>
        {list.activities.map((a) => (
          <tr key={a._id}>
            <td>{formatDateTime(a.timestamp)}</td>
            <td>{a.user.email ?? a.userId ?? '—'}</td>
            <td>{a.activityType}</td>
            <td>
              <span className={`admin-badge admin-badge--${a.status}`}>{a.status}</span>
            </td>
            <td>
              <dl className="admin-details">
                {Object.entries(a.details ?? {})
                  .filter(([key]) => !HIDDEN_DETAILS.includes(key))
                  .map(([key, value]) => (
                    <div key={key}>
                      <dt>{key}</dt>
                      <dd>{cutDetail(value)}</dd>
                    </div>
                  ))}
              </dl>
            </td>
          </tr>
        ))}
      </AdminTable>
      <Pagination page={list.page} pages={list.totalPages} total={list.total} onPage={setPage} />
    </div>
  );
}
