import { describe, expect, it } from 'vitest';
import { receiptLanguage } from '#server/features/billing/receipt-html.ts';
import { includedVatCents } from '#shared/billing/vat.ts';

describe('includedVatCents', () => {
  it('is gross × rate / (100 + rate), rounded half-up to whole cents', () => {
    expect(includedVatCents(1299, 19)).toBe(207); // 207.40
    expect(includedVatCents(9900, 19)).toBe(1581); // 1580.67
    expect(includedVatCents(99000, 19)).toBe(15807); // 15806.72
    expect(includedVatCents(3, 100)).toBe(2); // 1.5 → up
    expect(includedVatCents(107, 7)).toBe(7);
    expect(includedVatCents(1000, 7.7)).toBe(71); // 71.49
    expect(includedVatCents(1299, 0)).toBe(0);
    expect(includedVatCents(0, 19)).toBe(0);
  });
});

describe('receiptLanguage', () => {
  it('takes the stored setting, else the best offered browser language, else German', () => {
    expect(receiptLanguage('ko', 'en')).toBe('ko');
    expect(receiptLanguage(null, 'fr-FR, sq;q=0.5, en;q=0.7')).toBe('en');
    expect(receiptLanguage(null, 'zh-CN')).toBe('zh');
    expect(receiptLanguage(null, 'fr, it;q=0.9')).toBe('de');
    expect(receiptLanguage(null, 'en;q=0')).toBe('de');
    expect(receiptLanguage(null, undefined)).toBe('de');
  });
});
