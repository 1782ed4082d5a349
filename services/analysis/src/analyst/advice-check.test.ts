import { contradictsAdvice, replaceContradictedAdvice } from './advice-check';

const avoid = { label: '保守型', positionSizePercent: 0 };
const holds = { label: '穩健型', positionSizePercent: 2.4 };
const builtIn = '整體評級為「買入」。對保守型投資者，此股「不建議持有」，如已持有宜逐步減持至零。以上分析僅供參考。';

describe('the AI summary against the reader’s own advice', () => {
  it('flags advice to hold or buy, addressed to a reader whose type should hold none', () => {
    expect(contradictsAdvice('此股適合保守型投資者長線持有。', avoid)).toBe(true);
    expect(contradictsAdvice('建議您「持有」此股。', avoid)).toBe(true);
    expect(contradictsAdvice('保守型投資者可考慮買入。', avoid)).toBe(true);
  });

  it('lets through the advice said the other way round, the overall call, and a type that holds some', () => {
    expect(contradictsAdvice('對保守型投資者，此股「不建議持有」，如已持有宜逐步減持至零。', avoid)).toBe(false);
    expect(contradictsAdvice('保守型投資者不宜買入。', avoid)).toBe(false);
    expect(contradictsAdvice('整體評級為「持有」。', avoid)).toBe(false);
    expect(contradictsAdvice('此股適合穩健型投資者長線持有。', holds)).toBe(false);
  });

  it('replaces the contradicting sentences by the built-in advice, once', () => {
    const sut = replaceContradictedAdvice('估值偏低。保守型投資者宜持有。您亦可買入。', builtIn, avoid);
    expect(sut).toEqual({ text: '估值偏低。對保守型投資者，此股「不建議持有」，如已持有宜逐步減持至零。', replaced: 2 });
    expect(replaceContradictedAdvice('估值偏低。', builtIn, avoid)).toEqual({ text: '估值偏低。', replaced: 0 });
    expect(replaceContradictedAdvice('保守型投資者宜持有。', builtIn, undefined).replaced).toBe(0);
  });
});
