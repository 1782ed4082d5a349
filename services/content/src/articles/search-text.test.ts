import { MAX_KEYWORDS_LENGTH, MAX_TERMS, normalise, plainText, searchTerms } from './search-text';

describe('searchTerms', () => {
  it('keeps a Chinese keyword whole and adds its two-character pieces, whole weighing more', () => {
    expect(searchTerms('騰訊控股')).toEqual([
      { term: '騰訊控股', weight: 3 },
      { term: '騰訊', weight: 1 },
      { term: '訊控', weight: 1 },
      { term: '控股', weight: 1 },
    ]);
  });

  it('matches a symbol whole and by its code, dropping stop words and single letters', () => {
    expect(searchTerms('0700.HK Tencent Holdings Ltd & C')).toEqual([
      { term: '0700.hk', weight: 3 },
      { term: '0700', weight: 2 },
      { term: 'tencent', weight: 3 },
    ]);
  });

  it('folds full-width letters and case, and splits on Chinese punctuation', () => {
    expect(normalise('ＲＥＩＴ　Dividend')).toBe('reit dividend');
    expect(searchTerms('股息，REIT').map((t) => t.term)).toEqual(['股息', 'reit']);
  });

  it(`matches at most ${MAX_TERMS} terms however long the keywords, whole keywords before pieces`, () => {
    const chinese = Array.from({ length: 500 }, (_, i) => String.fromCodePoint(0x4e00 + i)).join('');
    const terms = searchTerms(`${chinese} reit`);
    expect(terms).toHaveLength(MAX_TERMS);
    // The long word is cut at MAX_KEYWORDS_LENGTH characters; `reit` after it is not reached.
    expect(terms[0]).toEqual({ term: chinese.slice(0, MAX_KEYWORDS_LENGTH), weight: 3 });
    expect(terms.slice(1).every((t) => t.weight === 1 && [...t.term].length === 2)).toBe(true);
    const words = searchTerms(`${'騰訊控股有限公司'.repeat(3)} 0700.HK dividend REIT 股息`);
    expect(words.length).toBeLessThanOrEqual(MAX_TERMS);
    expect(words.slice(0, 6).map((t) => t.term)).toEqual([
      '騰訊控股有限公司騰訊控股有限公司騰訊控股有限公司',
      '0700.hk',
      '0700',
      'dividend',
      'reit',
      '股息',
    ]);
  });

  it('gives nothing to search for blank input', () => {
    expect(searchTerms('  ,, ')).toEqual([]);
  });
});

describe('plainText', () => {
  it('drops tags and scripts and decodes entities once', () => {
    expect(plainText('<p>P/E &amp; P/B</p><script>x()</script><p>&amp;lt;b&amp;gt;</p>').replace(/\s+/g, ' ').trim()).toBe(
      'P/E & P/B &lt;b&gt;',
    );
  });
});
