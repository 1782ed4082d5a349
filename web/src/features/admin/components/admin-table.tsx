import type { ReactNode } from 'react';

/**
 * The admin area's table (spec section 2: members, levels, AI results, cache, activities, payments): scrolls
 * sideways inside its wrapper on a narrow screen; `children` are the body's rows.
 */
export function AdminTable({ testId, headers, children }: { testId: string; headers: string[]; children: ReactNode }) {
  return (
    <div className="admin-table-wrap">
      <table className="ui-table admin-table" data-testid={testId}>
        <thead>
          <tr>
            {headers.map((header) => (
              <th key={header}>{header}</th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
