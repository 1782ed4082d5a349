import type { InvestorAdvice } from '../report/types';
import { sentencesOf } from './fact-check';

/**
 * Checks an AI summary against the reader's own advice (ADR 0054): when that type is to hold
 * none of the stock (`avoid`, or a sell: position 0), a sentence addressed to the reader — it
 * names their type or says 您 — must not tell them to hold or buy it. The figures check cannot
 * see this: "適合保守型投資者長線持有" states no number.
 */

/** Holding or buying said the other way round ("不建議持有", "如已持有"): not advice to hold. */
const NEGATED =
  /(?:不建議|不宜|不應|不要|不可|不適合|勿|避免|毋須|無須|如已|若已|已經?)(?:繼續|長線|長期|短期|考慮)?(?:持有|買入|加碼|增持)/g;
const TO_HOLD_OR_BUY = /持有|買入|加碼|增持/;

/** Whether the sentence, addressed to the reader of this advice, tells them to hold or buy a stock their type should hold none of. */
export function contradictsAdvice(sentence: string, own: Pick<InvestorAdvice, 'label' | 'positionSizePercent'>): boolean {
  if (own.positionSizePercent > 0) return false;
  const addressed = sentence.includes(own.label) || sentence.includes('您');
  return addressed && TO_HOLD_OR_BUY.test(sentence.replace(NEGATED, ''));
}

/**
 * The text with each sentence that contradicts the reader's advice replaced by the built-in
 * summary's advice sentence (the one that names the type), or dropped when it has none; how
 * many were replaced.
 */
export function replaceContradictedAdvice(
  text: string,
  builtIn: string,
  own: Pick<InvestorAdvice, 'label' | 'positionSizePercent'> | undefined,
): { text: string; replaced: number } {
  if (!own) return { text, replaced: 0 };
  const advice = sentencesOf(builtIn).find((s) => s.includes(`對${own.label}投資者`)) ?? '';
  let replaced = 0;
  let said = text.includes(advice);
  const out = sentencesOf(text).map((sentence) => {
    if (!contradictsAdvice(sentence, own)) return sentence;
    replaced++;
    // Said once: two contradicting sentences (or one beside the built-in's own) give the advice once, not twice.
    if (said) return '';
    said = true;
    return advice;
  });
  return { text: out.join(''), replaced };
}
