/** A card of figures with their labels (spec section 2: the dashboard's and the payment statistics). */
export function StatCard({ title, rows }: { title: string; rows: [label: string, value: string | number][] }) {
  return (
    <section className="admin-card">
      <h3>{title}</h3>
      <dl className="admin-facts">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
