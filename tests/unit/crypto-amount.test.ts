import { describe, expect, it } from 'vitest';
import { cryptoAmountFor } from '#server/payments/crypto-rates.ts';

describe('cryptoAmountFor', () => {
  it('asks for the exact amount, rounded down to the smallest unit, with the code last', () => {
    // 9.99 EUR at 50,000 EUR/BTC = 0.0001998 BTC = 19,980 satoshi → code replaces the last 3 digits.
    expect(cryptoAmountFor(999, 50_000, 'BTC', 123)).toBe('0.00019123');
    // 29.97 EUR at 2,500 EUR/ETH = 0.011988 ETH.
    expect(cryptoAmountFor(2997, 2_500, 'ETH', 456)).toBe('0.011988456');
  });

  it('does not lose a unit to binary floating point', () => {
    // 0.7 EUR at 0.1 EUR per coin is exactly 7 coins; in floats 0.007 / 0.1 * 1e8 is 6.999… e8.
    expect(cryptoAmountFor(70, 0.1, 'BTC', 100)).toBe('7.00000100');
    // 1 EUR at 3 EUR/coin: a third, truncated (never rounded up past what was paid for).
    expect(cryptoAmountFor(100, 3, 'BTC', 999)).toBe('0.33333999');
  });

  it('reads rates in exponent notation', () => {
    expect(cryptoAmountFor(100, 1e21, 'ETH', 100)).toBe('0.000000100');
    expect(cryptoAmountFor(100, 5e-7, 'BTC', 500)).toBe('2000000.00000500');
  });
});
