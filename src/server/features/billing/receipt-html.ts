import { createHash } from 'node:crypto';
import { includedVatCents } from '#shared/billing/vat.ts';
import { escapeHtml } from '#shared/export/export-format.ts';
import { LANGUAGES, type LanguageOption } from '#shared/settings/settings-options.ts';
import { RECEIPT_TEXTS } from './receipt-texts.ts';

/** Everything a receipt prints (decision 110); user-controlled fields are escaped here. */
export interface ReceiptData {
  receiptNumber: string;
  date: Date;
  buyer: { username: string; displayName: string | null; email: string | null };
  planName: string;
  interval: string | null;
  durationMonths: number | null;
  periodStart: Date | null;
  periodEnd: Date | null;
  method: 'card' | 'sandbox' | 'crypto' | 'admin';
  amountCents: number;
  currency: string;
  status: string;
  refundedAt: Date | null;
}

export interface Seller {
  name: string | undefined;
  address: string | undefined;
  vatId: string | undefined;
  vatRatePercent: number;
}

const STYLE = `
body { font-family: system-ui, 'Segoe UI', 'Noto Sans', sans-serif; color: #111827; max-width: 40rem;
  margin: 2rem auto; padding: 0 1rem; line-height: 1.5; }
h1 { font-size: 1.75rem; margin: 0 0 1rem; }
.parties { display: flex; gap: 2rem; flex-wrap: wrap; margin-bottom: 1.5rem; }
.parties section { flex: 1 1 14rem; }
h2 { font-size: 0.8rem; text-transform: uppercase; letter-spacing: 0.05em; color: #6b7280; margin: 0; }
p { margin: 0.25rem 0; white-space: pre-line; }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: left; padding: 0.4rem 0; border-bottom: 1px solid #e5e7eb; vertical-align: top; }
th { font-weight: 500; color: #4b5563; width: 40%; }
.total td { font-size: 1.25rem; font-weight: 700; }
.note { color: #4b5563; font-size: 0.9rem; margin-top: 1rem; }
.test { border: 2px solid #b45309; color: #b45309; padding: 0.5rem; font-weight: 700; margin-bottom: 1rem; }
.refunded { color: #b91c1c; font-weight: 700; }
@media print { body { margin: 0; max-width: none; } @page { margin: 2cm; } .test { border-width: 1px; } }
`;

/**
 * No script, no remote resource: the CSP allows exactly this stylesheet (by its hash) and
 * nothing else, so even an escaping mistake could not run code.
 */
export const RECEIPT_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const LOCALES: Record<LanguageOption, string> = {
  de: 'de-DE',
  en: 'en-GB',
  zh: 'zh-CN',
  mk: 'mk-MK',
  sq: 'sq-AL',
  ko: 'ko-KR',
};

const isLanguage = (value: string): value is LanguageOption =>
  (LANGUAGES as readonly string[]).includes(value);

/** The stored setting, else the best of Accept-Language we offer, else German (spec 02 §4). */
export function receiptLanguage(stored: string | null, acceptLanguage: string | undefined) {
  if (stored && isLanguage(stored)) return stored;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { primary: tag.split('-')[0]!.toLowerCase(), q: q === undefined ? 1 : Number(q) };
    })
    .filter((entry) => entry.q > 0 && isLanguage(entry.primary))
    .sort((a, b) => b.q - a.q);
  return (ranked[0]?.primary as LanguageOption | undefined) ?? 'de';
}

export function renderReceipt(data: ReceiptData, seller: Seller, language: LanguageOption) {
  const t = RECEIPT_TEXTS[language];
  const locale = LOCALES[language];
  const money = (cents: number) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency: data.currency }).format(
      cents / 100,
    );
  const day = (date: Date) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Europe/Berlin' }).format(date);
  const e = escapeHtml;
  const row = (label: string, value: string, className = '') =>
    `<tr${className ? ` class="${className}"` : ''}><th scope="row">${e(label)}</th><td>${value}</td></tr>`;

  const term = data.durationMonths
    ? t.months(data.durationMonths)
    : data.interval === 'year'
      ? t.year
      : data.interval === 'month'
        ? t.month
        : null;
  const period =
    data.periodStart && data.periodEnd
      ? ` (${e(day(data.periodStart))} – ${e(day(data.periodEnd))})`
      : '';
  const buyerName = data.buyer.displayName
    ? `${data.buyer.displayName} (${data.buyer.username})`
    : data.buyer.username;
  const address = (seller.address ?? t.sellerUnset).replace(/\\n/g, '\n');
  const rate = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(
    seller.vatRatePercent,
  );
  const vat = includedVatCents(data.amountCents, seller.vatRatePercent);
  const status =
    data.status === 'refunded'
      ? `<span class="refunded">${e(t.refunded(day(data.refundedAt ?? data.date)))}</span>`
      : e(data.status === 'paid' ? t.paid : data.status);

  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${e(`${t.title} ${data.receiptNumber}`)}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>${e(t.title)}</h1>
${data.method === 'sandbox' ? `<p class="test">${e(t.testMode)}</p>` : ''}
<div class="parties">
<section><h2>${e(t.seller)}</h2><p>${e(seller.name ?? 'Orbit Chat')}</p><p>${e(address)}</p>${
    seller.vatId ? `<p>${e(t.vatId)}: ${e(seller.vatId)}</p>` : ''
  }</section>
<section><h2>${e(t.buyer)}</h2><p data-field="buyer">${e(buyerName)}</p>${
    data.buyer.email ? `<p>${e(data.buyer.email)}</p>` : ''
  }</section>
</div>
<table>
${row(t.number, `<span data-field="receipt-number">${e(data.receiptNumber)}</span>`)}
${row(t.date, e(day(data.date)))}
${row(t.item, `${e(`${t.plan} ${data.planName}`)}${period}`)}
${term ? row(t.period, e(term)) : ''}
${row(t.method, e(t.methods[data.method]))}
${row(t.status, status)}
${row(t.amount, `<span data-field="amount">${e(money(data.amountCents))}</span>`, 'total')}
</table>
<p class="note">${e(t.vatIncluded(rate, money(vat)))}</p>
</body>
</html>
`;
}
