/**
 * Text normalisation and query expansion for article search. Both sides go through
 * `normalise` (NFKC folds full-width letters and digits, e.g. ＲＥＩＴ → REIT; lower case), so
 * the SQL compares with plain `strpos`. Chinese has no spaces between words, so a Chinese
 * keyword is matched whole and also by its two-character pieces (騰訊控股 → 騰訊, 訊控, 控股):
 * an article about 騰訊 is found from the company's full name. The whole keyword weighs more
 * than its pieces, so exact matches rank first.
 */
export function normalise(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

export interface SearchTerm {
  term: string;
  weight: number;
}

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
const STOP_WORDS = new Set([
  'and',
  'the',
  'for',
  'with',
  'inc',
  'ltd',
  'limited',
  'corp',
  'company',
  'co',
  'plc',
  'holdings',
  'group',
  'of',
]);

/**
 * The longest keywords string a search takes (the route answers a longer one with a 400).
 * The report page sends symbol, company name and industry, well under this; a search box, not
 * a document.
 */
export const MAX_KEYWORDS_LENGTH = 100;
/**
 * At most this many terms are matched against every article: each term costs four substring
 * scans per article, and a long Chinese keyword would otherwise become a term per character
 * pair (a 500-character keyword: ~500 terms, 49 s over 2,000 long posts). Whole keywords are
 * kept first, then the two-character pieces, in the order typed.
 */
export const MAX_TERMS = 24;

/** Splits `keywords` (space or comma separated) into weighted terms, without duplicates. */
export function searchTerms(keywords: string): SearchTerm[] {
  const whole = new Map<string, number>();
  const pieces = new Map<string, number>();
  const add = (terms: Map<string, number>, term: string, weight: number) => {
    if (term.length === 0) return;
    terms.set(term, Math.max(terms.get(term) ?? 0, weight));
  };
  const words = normalise(keywords.slice(0, MAX_KEYWORDS_LENGTH))
    .split(/[\s,，、;；|]+/)
    .filter(Boolean);
  for (const word of words) {
    const stripped = word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    if (!stripped) continue;
    if (CJK.test(stripped)) {
      add(whole, stripped, 3);
      const chars = [...stripped];
      for (let i = 0; i + 1 < chars.length && chars.length > 2; i++) {
        const piece = chars[i]! + chars[i + 1]!;
        if (CJK.test(chars[i]!) && CJK.test(chars[i + 1]!)) add(pieces, piece, 1);
      }
      continue;
    }
    // One letter matches nearly every article; it carries no meaning for ranking.
    if (stripped.length < 2 || STOP_WORDS.has(stripped)) continue;
    // A symbol like 0700.hk or brk.b is matched whole and by its parts (0700, hk dropped).
    add(whole, stripped, 3);
    for (const part of stripped.split(/[^\p{L}\p{N}]+/u)) {
      if (part !== stripped && part.length >= 3 && !STOP_WORDS.has(part)) add(whole, part, 2);
    }
  }
  const terms = new Map(whole);
  for (const [term, weight] of pieces) if (!terms.has(term)) terms.set(term, weight);
  return [...terms].slice(0, MAX_TERMS).map(([term, weight]) => ({ term, weight }));
}

/** Plain text of a post body: tags dropped, entities that matter for search decoded. */
export function plainText(html: string): string {
  return (
    html
      .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&nbsp;/g, ' ')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      // Last, so an escaped entity (&amp;lt;) is decoded once, as a browser would show it.
      .replace(/&amp;/g, '&')
  );
}
