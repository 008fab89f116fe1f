/**
 * Exact comparison of non-negative decimals written as strings ('1000', '1000.01', '5.5'):
 * money limits are never compared as floats. Anything that is not plain digits with an
 * optional fraction is not a decimal (null), and callers treat it as over every limit.
 */
const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

export function parseDecimal(value: string): { whole: bigint; fraction: string } | null {
  const match = DECIMAL.exec(value.trim());
  if (!match) return null;
  return { whole: BigInt(match[1]!), fraction: (match[2] ?? '').replace(/0+$/, '') };
}

/** -1, 0 or 1; null when either side is not a decimal. */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 | null {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  if (!x || !y) return null;
  if (x.whole !== y.whole) return x.whole < y.whole ? -1 : 1;
  const width = Math.max(x.fraction.length, y.fraction.length);
  const fx = x.fraction.padEnd(width, '0');
  const fy = y.fraction.padEnd(width, '0');
  return fx === fy ? 0 : fx < fy ? -1 : 1;
}

/** True when `value` is a decimal no greater than `limit`; anything unreadable is over it. */
export function withinLimit(value: string, limit: string): boolean {
  const order = compareDecimal(value, limit);
  return order !== null && order <= 0;
}
