import { describe, expect, it } from 'vitest';
import {
  isBitcoinAddress,
  isBitcoinTxid,
  isEthereumAddress,
  isEthereumTxHash,
} from '#server/payments/crypto-addresses.ts';
import { keccak256 } from '#server/payments/keccak.ts';

describe('crypto address checks', () => {
  it('computes Keccak-256 as Ethereum does', () => {
    expect(Buffer.from(keccak256(new Uint8Array())).toString('hex')).toBe(
      'c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470',
    );
  });

  it('accepts mainnet Bitcoin addresses of every kind and refuses bad checksums', () => {
    for (const address of [
      '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
      '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
      'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
    ]) {
      expect(isBitcoinAddress(address), address).toBe(true);
    }
    for (const address of [
      '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3',
      'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdr',
      'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
      'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn',
      // A version-1 program with a bech32 (not bech32m) checksum.
      'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx',
    ]) {
      expect(isBitcoinAddress(address), address).toBe(false);
    }
  });

  it('checks EIP-55 on mixed-case Ethereum addresses', () => {
    expect(isEthereumAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(true);
    expect(isEthereumAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(true);
    expect(isEthereumAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(false);
    expect(isEthereumAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA')).toBe(false);
  });

  it('checks transaction id formats', () => {
    expect(isBitcoinTxid('a'.repeat(64))).toBe(true);
    expect(isBitcoinTxid(`0x${'a'.repeat(64)}`)).toBe(false);
    expect(isEthereumTxHash(`0x${'a'.repeat(64)}`)).toBe(true);
    expect(isEthereumTxHash('a'.repeat(64))).toBe(false);
  });
});
