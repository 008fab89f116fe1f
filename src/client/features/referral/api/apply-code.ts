import { useMutation, useQueryClient } from '@tanstack/react-query';
import { referralQueryOptions } from '#client/features/referral/api/get-referral.ts';
import { applyReferralCode } from '#client/lib/api/apply-referral.ts';

/** Applies a friend's code, then reads the statistics again (the allowance grew by 3). */
export function useApplyCode() {
  const queryClient = useQueryClient();
  return useMutation({
    retry: false,
    mutationFn: applyReferralCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referralQueryOptions.queryKey }),
  });
}
