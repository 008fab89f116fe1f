import type { CryptoCoin } from '#shared/billing/crypto-schemas.ts';

const COIN_IDS: Record<CryptoCoin, string> = { BTC: 'bitcoin', ETH: 'ethereum' };
/** Clearly fictitious rates of test mode (no wallets configured). */
const TEST_RATES: Record<CryptoCoin, number> = { BTC: 50_000, ETH: 2_500 };
const CACHE_MS = 60_000;

export interface CryptoRates {
  /** EUR per coin, or null when no rate can be had (no source, or it failed). */
  eurPer(coin: CryptoCoin): Promise<number | null>;
}

/**
 * EUR rates from a CoinGecko-style simple-price endpoint (`{ bitcoin: { eur } }`), cached a
 * minute; in test mode fixed test rates.
 */
export function createCryptoRates(input: { url?: string; testMode: boolean }): CryptoRates {
  type Rates = Record<string, { eur?: unknown } | undefined>;
  let cached: { at: number; rates: Rates } | undefined;
  return {
    async eurPer(coin) {
      if (!input.url) return input.testMode ? TEST_RATES[coin] : null;
      if (!cached || Date.now() - cached.at > CACHE_MS) {
        const url = new URL(input.url);
        if (!url.searchParams.has('ids')) url.searchParams.set('ids', 'bitcoin,ethereum');
        if (!url.searchParams.has('vs_currencies')) url.searchParams.set('vs_currencies', 'eur');
        try {
          const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
          if (!response.ok) return null;
          cached = { at: Date.now(), rates: (await response.json()) as Rates };
        } catch {
          return null;
        }
      }
      const rate = cached.rates[COIN_IDS[coin]]?.eur;
      return typeof rate === 'number' && rate > 0 ? rate : null;
    },
  };
}

/** Decimals of the amount we ask for: satoshis for BTC, gwei for ETH. */
const DECIMALS: Record<CryptoCoin, number> = { BTC: 8, ETH: 9 };

/** `value` as an exact fraction `numerator / 10^scale` of its shortest decimal form. */
function exactDecimal(value: number): { numerator: bigint; scale: number } {
  const match = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/i.exec(String(value));
  if (!match) throw new RangeError(`Not a positive decimal: ${value}`);
  const [, whole, fraction = '', exponent = '0'] = match;
  const scale = fraction.length - Number(exponent);
  const numerator = BigInt(whole + fraction);
  return scale >= 0
    ? { numerator, scale }
    : { numerator: numerator * 10n ** BigInt(-scale), scale: 0 };
}

/**
 * The coin amount for `cents` at `rate` (EUR per coin), rounded down to the coin's smallest unit
 * in exact integer arithmetic, whose last three digits are the verification code (100–999), so
 * that one buyer's transfer can be told from another's on the public chain.
 */
export function cryptoAmountFor(cents: number, rate: number, coin: CryptoCoin, code: number) {
  const decimals = DECIMALS[coin];
  const { numerator, scale } = exactDecimal(rate);
  // units = cents / 100 / (numerator / 10^scale) * 10^decimals
  const units = (BigInt(cents) * 10n ** BigInt(decimals + scale)) / (100n * numerator);
  const coded = (units / 1000n) * 1000n + BigInt(code);
  const text = coded.toString().padStart(decimals + 1, '0');
  return `${text.slice(0, -decimals)}.${text.slice(-decimals)}`;
}
