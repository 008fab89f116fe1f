import type { CryptoPayment } from '#shared/billing/crypto-schemas.ts';

/** A decimal string with `decimals` places shifted into an integer string: ('0.5', 18) → '5' + 17 zeros. */
function toBaseUnits(amount: string, decimals: number): string {
  const [whole = '0', fraction = ''] = amount.split('.');
  const digits = `${whole}${fraction.padEnd(decimals, '0').slice(0, decimals)}`;
  return digits.replace(/^0+(?=\d)/, '');
}

/**
 * What the QR code holds: a payment request wallets open with address and amount filled in,
 * BIP 21 for Bitcoin (amount in BTC), EIP-681 for Ethereum (value in wei).
 */
export function paymentUri(
  payment: Pick<CryptoPayment, 'coin' | 'walletAddress' | 'cryptoAmount'>,
) {
  if (payment.coin === 'BTC') {
    return `bitcoin:${payment.walletAddress}?amount=${payment.cryptoAmount}`;
  }
  return `ethereum:${payment.walletAddress}?value=${toBaseUnits(payment.cryptoAmount, 18)}`;
}
