import { describe, expect, it } from 'vitest';
import { costOf, estimateTokensFast } from '#server/ai/tokens.ts';

describe('costOf', () => {
  const gpt4o = { inputPricePerMillion: 2.5, outputPricePerMillion: 10 };

  it('writes six decimals, rounding half a millionth up', () => {
    expect(costOf({ inputTokens: 11, outputTokens: 5 }, gpt4o)).toBe('0.000078');
    expect(costOf({ inputTokens: 1000, outputTokens: 500 }, gpt4o)).toBe('0.007500');
    expect(costOf({ inputTokens: 0, outputTokens: 0 }, gpt4o)).toBe('0.000000');
    expect(costOf({ inputTokens: 4_000_000, outputTokens: 100_000 }, gpt4o)).toBe('11.000000');
  });
});

describe('estimateTokensFast', () => {
  it('counts CJK and Hangul characters one each, other text four characters per token', () => {
    expect(estimateTokensFast('abcdefgh')).toBe(2);
    expect(estimateTokensFast('你好世界')).toBe(4);
    expect(estimateTokensFast('안녕하세요')).toBe(5);
    expect(estimateTokensFast('')).toBe(0);
  });
});
