/**
 * Checks an AI provider's text against the report's figures, sentence by sentence: every
 * number a sentence states must be one of the report's (the facts the model was given, or
 * the built-in text written from the same figures), within the rounding it is written with.
 * A sentence that states another number is the model's invention and is replaced.
 */

const NUMBER = /-?\d[\d,]*(?:\.\d+)?/g;

/** Counts and calendar words need no checking: "3 年", "12 個月", "2025 年". */
const SMALL_INTEGER_MAX = 12;
const YEARS = [1990, 2100] as const;

function numbersIn(text: string): { value: number; decimals: number }[] {
  return [...text.matchAll(NUMBER)].map((m) => {
    const raw = m[0].replace(/,/g, '');
    const decimals = raw.includes('.') ? (raw.split('.')[1]?.length ?? 0) : 0;
    return { value: Number(raw), decimals };
  });
}

/** Every number of the facts (JSON) and the built-in text, with fractions also as percentages. */
export function allowedFigures(facts: string, ...texts: string[]): number[] {
  const values = new Set<number>();
  const walk = (v: unknown) => {
    if (typeof v === 'number' && Number.isFinite(v)) {
      values.add(v);
      values.add(v * 100);
      values.add(Math.abs(v));
    } else if (typeof v === 'string') for (const n of numbersIn(v)) values.add(Math.abs(n.value));
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  try {
    walk(JSON.parse(facts));
  } catch {
    walk(facts);
  }
  for (const text of texts) for (const n of numbersIn(text)) values.add(Math.abs(n.value));
  return [...values];
}

function matches(stated: { value: number; decimals: number }, allowed: number[]): boolean {
  const x = Math.abs(stated.value);
  if (Number.isInteger(x) && (x <= SMALL_INTEGER_MAX || (x >= YEARS[0] && x <= YEARS[1]))) return true;
  const tolerance = 0.5 * 10 ** -stated.decimals + 1e-9;
  return allowed.some((a) => Math.abs(a - x) <= tolerance || (a !== 0 && Math.abs(a - x) / Math.abs(a) <= 0.005));
}

/** The sentences of a text (ending in 。！？ or the end). */
export function sentencesOf(text: string): string[] {
  return text.match(/[^。！？]+[。！？]?/g)?.map((s) => s) ?? [];
}

/** Whether every number in the sentence is one of the report's. */
export function sentenceMatches(sentence: string, allowed: number[]): boolean {
  return numbersIn(sentence).every((n) => matches(n, allowed));
}

/**
 * The text with each sentence whose figures do not match replaced by the built-in sentence at
 * the same place (or dropped when the built-in text has fewer); how many were replaced.
 */
export function replaceUnmatched(text: string, builtIn: string, allowed: number[]): { text: string; replaced: number } {
  const own = sentencesOf(builtIn);
  let replaced = 0;
  const out = sentencesOf(text).map((sentence, i) => {
    if (sentenceMatches(sentence, allowed)) return sentence;
    replaced++;
    return own[i] ?? '';
  });
  return { text: out.join(''), replaced };
}
