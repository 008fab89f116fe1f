/**
 * The VAT a VAT-inclusive amount contains, in integer cents, rounded half-up (decision 110):
 * gross × rate / (100 + rate). The rate is taken in hundredths of a percent so that 19 or 7.7
 * stay exact integers; every step is integer arithmetic well inside Number's safe range.
 */
export function includedVatCents(grossCents: number, ratePercent: number): number {
  const rate = Math.round(ratePercent * 100);
  const divisor = 10_000 + rate;
  return Math.floor((2 * grossCents * rate + divisor) / (2 * divisor));
}
