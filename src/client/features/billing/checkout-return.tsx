import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { refreshBilling, useSubscription } from '#client/features/billing/api/get-subscription.ts';

/** How long the contract is read again after Stripe Checkout sent the buyer back. */
const WAIT_MS = 60_000;

/**
 * The caller's contract for /subscription. Stripe Checkout sends the buyer back
 * (`?checkout=success`) before its webhook may have been handled: until the contract is active
 * the page says the payment is being confirmed and reads it again every two seconds, for a
 * minute; then the plan label and the history follow, and the address loses the marker.
 */
export function useContractAfterCheckout(enabled: boolean) {
  const [params, setParams] = useSearchParams();
  const returning = params.get('checkout') === 'success';
  const [timedOut, setTimedOut] = useState(false);
  const subscription = useSubscription(enabled, returning && !timedOut);
  const queryClient = useQueryClient();
  const confirmed = subscription.data?.status === 'active';

  useEffect(() => {
    if (!returning || confirmed) return;
    const timer = setTimeout(() => setTimedOut(true), WAIT_MS);
    return () => clearTimeout(timer);
  }, [returning, confirmed]);

  useEffect(() => {
    if (!returning || !confirmed) return;
    void refreshBilling(queryClient);
    setParams(
      (current) => {
        current.delete('checkout');
        return current;
      },
      { replace: true },
    );
  }, [returning, confirmed, queryClient, setParams]);

  const waiting = returning && subscription.data !== undefined && !confirmed;
  const notice = waiting ? (timedOut ? 'slow' : 'confirming') : null;
  return { subscription, notice } as const;
}

/** The notice while a returned payment is confirmed. */
export function CheckoutReturnNotice({ notice }: { notice: 'confirming' | 'slow' | null }) {
  const { t } = useTranslation('billing');
  if (!notice) return null;
  return (
    <p role="status" className="rounded-lg border border-accent p-3 text-sm">
      {t(`subscription.checkoutReturn.${notice}`)}
    </p>
  );
}
