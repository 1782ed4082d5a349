/** Previous/Next with 'Page x of y (total)' (spec section 2). */
export function Pagination({ page, pages, total, onPage }: { page: number; pages: number; total: number; onPage(page: number): void }) {
  return (
    <nav className="admin-pagination" aria-label="Pagination">
      <button type="button" className="btn btn--secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span>
        Page {page} of {pages} ({total})
      </span>
      <button type="button" className="btn btn--secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
