import type { Env } from '#server/env.ts';
import { createCryptoRates } from '#server/payments/crypto-rates.ts';
import type { AppSettings } from '#shared/admin/app-settings.ts';
import type { CryptoCoin } from '#shared/billing/crypto-schemas.ts';

const TEST_ADDRESSES = {
  BTC: 'TEST-MODE-BTC-ADDRESS-DO-NOT-SEND',
  ETH: 'TEST-MODE-ETH-ADDRESS-DO-NOT-SEND',
} as const;

export type CryptoSettings = Pick<
  AppSettings,
  'cryptoBtcAddress' | 'cryptoEthAddress' | 'cryptoRateBtcEur' | 'cryptoRateEthEur'
>;

/**
 * Wallets and rates in effect (decision 173): the administrator's wallets over the environment's;
 * rates from CRYPTO_RATES_URL when set, else the administrator's; test mode (test addresses and
 * rates) while either wallet is missing everywhere.
 */
export function cryptoTerms(env: Env, settings: CryptoSettings) {
  const btc = settings.cryptoBtcAddress ?? env.CRYPTO_BTC_ADDRESS;
  const eth = settings.cryptoEthAddress ?? env.CRYPTO_ETH_ADDRESS;
  const testMode = !btc || !eth;
  return {
    testMode,
    wallets: testMode ? TEST_ADDRESSES : { BTC: btc, ETH: eth },
    adminRates: { BTC: settings.cryptoRateBtcEur, ETH: settings.cryptoRateEthEur },
  };
}

/** The euro rate of a coin under `terms`; null when none is known (no administrator's rate). */
export function createRateLookup(env: Env) {
  const urlRates = env.CRYPTO_RATES_URL
    ? createCryptoRates({ url: env.CRYPTO_RATES_URL, testMode: false })
    : undefined;
  const testRates = createCryptoRates({ testMode: true });
  return async (coin: CryptoCoin, terms: ReturnType<typeof cryptoTerms>) => {
    if (urlRates) return urlRates.eurPer(coin);
    if (terms.testMode) return testRates.eurPer(coin);
    const entered = terms.adminRates[coin];
    return entered ? Number(entered) : null;
  };
}
