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
});
