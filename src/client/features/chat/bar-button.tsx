import type { LucideIcon } from 'lucide-react';
import type { ButtonHTMLAttributes, Ref } from 'react';

/**
 * A bar button whose label shows only where the whole bar fits on one line (a container query on
 * the bar, in rem so a larger font size counts): narrower, as on a phone, it is an icon with the
 * label for screen readers and as a tooltip, so the bar stays one row above the messages.
 */
export const BAR_BUTTON = 'btn-ghost min-w-11 px-2.5 @min-[64rem]:px-4';
export const BAR_LABEL = 'sr-only @min-[64rem]:not-sr-only';

/** A bar button with its icon and label; `labelClass` lets a label show at another width. */
export function BarButton({
  icon: Icon,
  label,
  labelClass = BAR_LABEL,
  ref,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  icon: LucideIcon;
  label: string;
  labelClass?: string;
  ref?: Ref<HTMLButtonElement> | undefined;
}) {
  return (
    <button ref={ref} type="button" className={BAR_BUTTON} title={label} {...props}>
      <Icon aria-hidden className="size-4 shrink-0" />
      <span className={labelClass}>{label}</span>
    </button>
  );
}
