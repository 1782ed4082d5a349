import { parseCsv } from './csv';

describe('parseCsv', () => {
  it('reads quoted commas, doubled quotes, line breaks in quotes and CRLF endings', () => {
    const text = 'Symbol,Name,Note\r\nA,"Agilent, Inc.","say ""hi"""\r\nB,"two\nlines",\r\n';
    expect(parseCsv(text)).toEqual([
      { Symbol: 'A', Name: 'Agilent, Inc.', Note: 'say "hi"' },
      { Symbol: 'B', Name: 'two\nlines', Note: '' },
    ]);
  });

  it('drops empty rows and strips a byte-order mark', () => {
    expect(parseCsv('\uFEFFa,b\n1,2\n,,\n\n')).toEqual([{ a: '1', b: '2' }]);
  });

  it('reads back any table written in RFC 4180, whatever its cells hold', () => {
    // A seeded generator (mulberry32), so a failure reproduces.
    let seed = 12345;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const pieces = ['a', 'Z', '0', ' ', ',', '"', '""', '\n', '\r\n', '\r', '騰訊', 'é', '\t'];
    const cell = () => Array.from({ length: Math.floor(random() * 8) }, () => pieces[Math.floor(random() * pieces.length)]).join('');
    const write = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
    for (let table = 0; table < 200; table++) {
      const header = ['h0', 'h1', 'h2'];
      // The first cell is never blank, so no row is an empty one that parseCsv drops.
      const rows = Array.from({ length: 1 + Math.floor(random() * 6) }, () => [`k${Math.floor(random() * 100)}`, cell(), cell()]);
      const eol = random() < 0.5 ? '\n' : '\r\n';
      const text = [header, ...rows].map((r) => r.map(write).join(',')).join(eol) + (random() < 0.5 ? eol : '');
      expect(parseCsv(text)).toEqual(rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]]))));
    }
  });
});
