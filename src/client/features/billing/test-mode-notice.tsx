import { FlaskConical } from 'lucide-react';

/** The unmistakable mark of a payment that moves no real money (sandbox or test wallet). */
export function TestModeNotice({
  title,
  text,
  testId,
}: {
  title: string;
  text: string;
  testId: string;
}) {
  return (
    <div
      data-testid={testId}
      className="flex gap-3 rounded-2xl border-2 border-dashed border-accent p-4"
    >
      <FlaskConical aria-hidden="true" className="size-6 shrink-0 text-accent" />
      <div>
        <p className="text-lg font-bold tracking-wide">{title}</p>
        <p className="text-sm">{text}</p>
      </div>
    </div>
  );
}
