import { nqlString, nqlValue } from './nql';

describe('NQL values', () => {
  it('leaves a plain slug bare', () => {
    expect(nqlValue('hk-stocks')).toBe('hk-stocks');
  });

  it('escapes backslashes before quotes, so a value cannot close its own quotes', () => {
    expect(nqlValue("o'neil")).toBe("'o\\'neil'");
    expect(nqlValue('a\\')).toBe("'a\\\\'");
    expect(nqlString("x\\'y")).toBe("'x\\\\\\'y'");
  });
});
