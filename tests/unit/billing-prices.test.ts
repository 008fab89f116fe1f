import { describe, expect, it } from 'vitest';
import {
  cryptoPriceCents,
  MONTHLY_PRICE_CENTS,
  prorationCents,
  yearlyPriceCents,
} from '#shared/billing/prices.ts';

describe('plan prices (decision 080)', () => {
  it('charges ten months for a year', () => {
    expect(
      ['premium', 'expert', 'ultimate'].map((p) =>
        yearlyPriceCents(MONTHLY_PRICE_CENTS[p as 'premium']),
      ),
    ).toEqual([12990, 29990, 99000]);
  });

  it('rounds crypto terms half-up to the issue figures', () => {
    const rows = (['premium', 'expert', 'ultimate'] as const).map((p) => [
      cryptoPriceCents(MONTHLY_PRICE_CENTS[p], 6),
      cryptoPriceCents(MONTHLY_PRICE_CENTS[p], 12),
    ]);
    expect(rows).toEqual([
      [7015, 12470],
      [16195, 28790],
      [53460, 95040],
    ]);
  });

  it('prorates an upgrade by the time left', () => {
    expect(prorationCents(1299, 9900, 15, 30)).toBe(4301);
    expect(prorationCents(9900, 1299, 15, 30)).toBe(0);
  });
});
