import { createHash } from 'node:crypto';
import { keccak256 } from './keccak.ts';

/**
 * Format and checksum checks of what a crypto buyer reports (issue 11 item 3): mainnet Bitcoin
 * addresses (base58check P2PKH/P2SH, bech32 v0, bech32m v1+), Ethereum addresses (EIP-55 when
 * mixed case) and transaction ids. They catch typos; the administrator still checks the chain.
 */
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest();

function base58Decode(text: string): Uint8Array | null {
  let value = 0n;
  for (const char of text) {
    const digit = BASE58.indexOf(char);
    if (digit < 0) return null;
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.unshift(Number(value & 0xffn));
    value >>= 8n;
  }
  for (const char of text) {
    if (char !== '1') break;
    bytes.unshift(0);
  }
  return Uint8Array.from(bytes);
}

function isBase58CheckAddress(address: string): boolean {
  const bytes = base58Decode(address);
  if (!bytes || bytes.length !== 25) return false;
  // Mainnet P2PKH (0x00) or P2SH (0x05).
  if (bytes[0] !== 0x00 && bytes[0] !== 0x05) return false;
  const checksum = sha256(sha256(bytes.subarray(0, 21))).subarray(0, 4);
  return checksum.equals(Buffer.from(bytes.subarray(21)));
}

const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];

function polymod(values: number[]) {
  let check = 1;
  for (const value of values) {
    const top = check >>> 25;
    check = ((check & 0x1ffffff) << 5) ^ value;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) check ^= GENERATOR[i]!;
  }
  return check >>> 0;
}

function convertBits(data: number[], from: number, to: number): number[] | null {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  for (const value of data) {
    acc = (acc << from) | value;
    bits += from;
    while (bits >= to) {
      bits -= to;
      out.push((acc >>> bits) & ((1 << to) - 1));
    }
  }
  if (bits >= from || (acc << (to - bits)) & ((1 << to) - 1)) return null;
  return out;
}

function isSegwitAddress(address: string): boolean {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return false;
  const lower = address.toLowerCase();
  if (!lower.startsWith('bc1') || lower.length > 90) return false;
  const data = [...lower.slice(3)].map((char) => BECH32.indexOf(char));
  if (data.length < 7 || data.some((value) => value < 0)) return false;
  const hrp = [...'bc'].map((c) => c.charCodeAt(0));
  const expanded = [...hrp.map((c) => c >> 5), 0, ...hrp.map((c) => c & 31), ...data];
  const check = polymod(expanded);
  const version = data[0]!;
  // bech32 for version 0, bech32m for versions 1–16 (BIP-350).
  if (check !== (version === 0 ? 1 : 0x2bc830a3)) return false;
  const program = convertBits(data.slice(1, -6), 5, 8);
  if (!program || version > 16 || program.length < 2 || program.length > 40) return false;
  return version !== 0 || program.length === 20 || program.length === 32;
}

export function isBitcoinAddress(address: string): boolean {
  return /^[13]/.test(address) ? isBase58CheckAddress(address) : isSegwitAddress(address);
}

export function isEthereumAddress(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const body = address.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  const hash = Buffer.from(keccak256(Buffer.from(body.toLowerCase()))).toString('hex');
  return [...body].every((char, i) => {
    if (/\d/.test(char)) return true;
    const upper = parseInt(hash[i]!, 16) >= 8;
    return upper ? char === char.toUpperCase() : char === char.toLowerCase();
  });
}

export const isBitcoinTxid = (hash: string) => /^[0-9a-fA-F]{64}$/.test(hash);
export const isEthereumTxHash = (hash: string) => /^0x[0-9a-fA-F]{64}$/.test(hash);
