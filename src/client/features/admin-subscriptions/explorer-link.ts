import type { CryptoCoin } from '#shared/billing/crypto-schemas.ts';

/** A public block explorer's page of a transaction, for checking amount and sender by hand. */
export function explorerUrl(coin: CryptoCoin, txHash: string): string {
  const hash = encodeURIComponent(txHash);
  return coin === 'BTC' ? `https://mempool.space/tx/${hash}` : `https://etherscan.io/tx/${hash}`;
}
