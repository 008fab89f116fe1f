import type { ReactNode } from 'react';

/** A titled group of figures (term and value pairs). */
export function StatCard({
  title,
  rows,
  children,
}: {
  title: string;
  rows: [string, ReactNode][];
  children?: ReactNode;
}) {
  return (
    <section className="rounded-lg border border-line p-4" aria-label={title}>
      <h2 className="mb-2 font-semibold">{title}</h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-muted">{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {children}
    </section>
  );
}
