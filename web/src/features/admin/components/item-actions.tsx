/**
 * The two buttons of a row or a card: open it (Edit, View) and Delete, which the caller confirms.
 * In a table they sit in the row's last cell, on a card in its actions line.
 */
export function ItemActions({
  in: place,
  openLabel = 'Edit',
  onOpen,
  onDelete,
  deleteDisabled = false,
}: {
  in: 'row' | 'card';
  openLabel?: string;
  onOpen(): void;
  onDelete(): void;
  deleteDisabled?: boolean;
}) {
  const buttons = (
    <>
      <button type="button" className="btn btn--secondary" onClick={onOpen}>
        {openLabel}
      </button>
      <button type="button" className="btn btn--ghost" disabled={deleteDisabled} onClick={onDelete}>
        Delete
      </button>
    </>
  );
  return place === 'row' ? <td className="admin-table__actions">{buttons}</td> : <div className="admin-form__actions">{buttons}</div>;
}
