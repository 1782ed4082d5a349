import { normalise, plainText, searchTerms } from './search-text';

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

  it('gives nothing to search for blank input', () => {
    expect(searchTerms('  ,, ')).toEqual([]);
  });
});

describe('plainText', () => {
  it('drops tags and scripts and decodes entities once', () => {
    expect(plainText('<p>P/E &amp; P/B</p><script>x()</script><p>&amp;lt;b&amp;gt;</p>').replace(/\s+/g, ' ').trim()).toBe('P/E & P/B &lt;b&gt;');
  });
});
