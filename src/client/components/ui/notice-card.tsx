import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A centred card with an icon, a heading, a text and optional actions. */
export function NoticeCard({
  icon: Icon,
  title,
  children,
  actions,
  headingLevel = 1,
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  headingLevel?: 1 | 2;
}) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div className="flex min-h-full items-center justify-center p-6">
      <div className="card w-full max-w-lg text-center">
        <Icon size={40} className="mx-auto mb-3 text-accent" aria-hidden="true" />
        <Heading className="mb-2 text-2xl font-bold">{title}</Heading>
        {children ? <div className="mb-6 text-muted">{children}</div> : null}
        {actions ? <div className="flex flex-wrap justify-center gap-3">{actions}</div> : null}
      </div>
    </div>
  );
}
