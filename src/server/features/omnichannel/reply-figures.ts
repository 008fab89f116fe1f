import { withinLimit } from './decimal.ts';

/**
 * The text check of an AI reply before it may go out on autopilot: every money or percent
 * figure the text itself contains, whatever the model declared as its commitments. Written
 * figures are read in every common notation ('€1,200', '1.200,00 €', 'USD 1500', '10 %',
 * '10 Prozent'); where a notation is ambiguous ('1.200': 1200 or 1.2) the larger reading counts,
 * so a doubt keeps a human in the loop.
 */

const NUMBER = String.raw`(\d{1,3}(?:[.,'’\u00a0\u202f ]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?)`;
/** Symbols, ISO codes (upper case only: 'ALL' is Albania's lek, 'all' a word) and names. */
const CURRENCY = String.raw`(?:[€$£¥₩₽₺₹元원]|(?:US\$|A\$|C\$)|(?:\b(?:CHF|USD|EUR|GBP|JPY|CNY|RMB|KRW|MKD|ALL|CAD|AUD|SEK|NOK|DKK|PLN|CZK|HUF|TRY)\b)|(?:\b(?:[Ee]uros?|[Dd]ollars?|[Ff]ranken|[Pp]ounds?|[Ll]ek[ëe]?|денар[аи]?|евр[аио]?|долар[аи]?)(?![\p{L}])))`;
const PERCENT_AFTER = String.raw`(?:%|％|\bpercent\b|\bper cent\b|\b[Pp]rozent\b|\b[Pp]rocent\w*|\bpct\b|\b[Pp]ërqind\w*|процент\w*|퍼센트|프로)`;

const MONEY_BEFORE = new RegExp(`${CURRENCY}\\s?${NUMBER}`, 'gu');
const MONEY_AFTER = new RegExp(`${NUMBER}\\s?${CURRENCY}`, 'gu');
const PERCENT = new RegExp(`${NUMBER}\\s?${PERCENT_AFTER}`, 'giu');
const PERCENT_ZH = new RegExp(`百分之\\s?${NUMBER}`, 'gu');

/**
 * A written number as a plain decimal ('1.200,00' → '1200.00'). Spaces and apostrophes group
 * thousands; with both '.' and ',' the last one is the decimal mark; a single mark followed by
 * exactly three digits is read as grouping (the larger reading).
 */
export function readNumber(raw: string): string {
  const compact = raw.replace(/[\s'’\u00a0\u202f]/gu, '');
  const dots = compact.split('.').length - 1;
  const commas = compact.split(',').length - 1;
  if (dots > 0 && commas > 0) {
    const decimalMark = compact.lastIndexOf('.') > compact.lastIndexOf(',') ? '.' : ',';
    const grouping = decimalMark === '.' ? ',' : '.';
    return compact.split(grouping).join('').replace(decimalMark, '.');
  }
  const mark = dots > 0 ? '.' : commas > 0 ? ',' : null;
  if (!mark) return compact;
  const count = mark === '.' ? dots : commas;
  const after = compact.slice(compact.lastIndexOf(mark) + 1);
  if (count > 1 || after.length === 3) return compact.split(mark).join('');
  return compact.replace(mark, '.');
}

export interface Figure {
  /** As written in the reply. */
  text: string;
  /** Plain decimal. */
  value: string;
}

function collect(text: string, patterns: RegExp[]): Figure[] {
  const found: Figure[] = [];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      found.push({ text: match[0].trim(), value: readNumber(match[1]!) });
    }
  }
  return found;
}

export function moneyFigures(text: string): Figure[] {
  return collect(text, [MONEY_BEFORE, MONEY_AFTER]);
}

export function percentFigures(text: string): Figure[] {
  return collect(text, [PERCENT, PERCENT_ZH]);
}

/** Why the reply's own text may not go out on autopilot (empty: nothing over the limits). */
export function figuresOverLimits(
  text: string,
  limits: { maxAutopilotAmount: string; maxDiscountPercent: string },
): string[] {
  const reasons: string[] = [];
  for (const figure of moneyFigures(text)) {
    if (!withinLimit(figure.value, limits.maxAutopilotAmount)) {
      reasons.push(`reply mentions ${figure.text} > limit ${limits.maxAutopilotAmount}`);
    }
  }
  for (const figure of percentFigures(text)) {
    if (!withinLimit(figure.value, limits.maxDiscountPercent)) {
      reasons.push(`reply mentions ${figure.text} > limit ${limits.maxDiscountPercent} %`);
    }
  }
  return reasons;
}
