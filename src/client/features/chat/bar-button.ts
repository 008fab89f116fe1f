/**
 * A bar button whose label shows only where the whole bar fits on one line (a container query on
 * the bar, in rem so a larger font size counts): narrower, as on a phone, it is an icon with the
 * label for screen readers and as a tooltip, so the bar stays one row above the messages.
 */
export const BAR_BUTTON = 'btn-ghost min-w-11 px-2.5 @min-[64rem]:px-4';
export const BAR_LABEL = 'sr-only @min-[64rem]:not-sr-only';
