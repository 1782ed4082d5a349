import { classifyListing, securityDescription, type ListingFacts } from './classify';

const company: ListingFacts = {
  market: 'US',
  name: 'Apple Inc.',
  securityName: 'Apple Inc. - Common Stock',
  listed: true,
  listSource: 'Nasdaq 2026-07-31',
  delisted: null,
  suspended: false,
  testIssue: false,
  etf: false,
  company: null,
  sector: 'Information Technology',
  industry: 'Technology Hardware, Storage & Peripherals',
  financialStatus: 'N',
  price: 190,
  currency: 'USD',
  eps: 6.1,
  netIncome: null,
};
const hkCompany: ListingFacts = {
  ...company,
  market: 'HK',
  name: 'Tencent Holdings Ltd',
  securityName: null,
  company: true,
  financialStatus: null,
  currency: 'HKD',
};
const sut = (changes: Partial<ListingFacts>, base = company) => classifyListing({ ...base, ...changes });

describe('classifyListing', () => {
  it('finds an ordinary, listed company analysable', () => {
    expect(sut({})).toEqual({ status: 'active', reason: null });
    expect(sut({}, hkCompany)).toEqual({ status: 'active', reason: null });
  });

  it('calls a recorded delisting delisted, with the last trading day', () => {
    const result = sut({ delisted: { lastTradingDay: '2026-01-14' } }, hkCompany);
    expect(result.status).toBe('delisted');
    expect(result.reason).toContain('2026-01-14');
  });

  it('calls a symbol missing from the current lists inactive, naming the lists', () => {
    const result = sut({ listed: false, listSource: 'NYSE 2026-08-22' });
    expect(result.status).toBe('inactive');
    expect(result.reason).toContain('NYSE 2026-08-22');
  });

  it('never analyses an exchange test issue', () => {
    expect(sut({ testIssue: true, name: 'Tick Pilot Test Stock' }).status).toBe('inactive');
  });

  it('respects a suspension the data records', () => {
    expect(sut({ suspended: true }).status).toBe('suspended');
  });

  it.each([
    ['an ETF by the exchange flag', { etf: true, name: 'SPDR S&P 500 ETF Trust', securityName: 'SPDR S&P 500 ETF Trust' }, 'ETF'],
    ['the Tracker Fund by its sector', { market: 'HK' as const, sector: 'ETF', company: false, securityName: null }, 'ETF'],
    ['a warrant', { securityName: 'Bullfrog AI Holdings, Inc. - Warrants' }, '認股權證'],
    ['a right', { securityName: 'Artius II Acquisition Inc. - Rights' }, '認購權利'],
    ['a unit', { securityName: 'Burtech Acquisition Corp II - Units' }, '單位'],
    ['a preferred share', { securityName: 'Bruker Corporation - 6.375% Mandatory Convertible Preferred Stock, Series A' }, '優先股'],
    ['a note', { securityName: 'Entergy Louisiana, Inc. Collateral Trust Mortgage Bonds, 4.875 % Series due September 1, 2066' }, '債券'],
    ['a closed-end fund', { securityName: 'Adams Diversified Equity Fund, Inc.' }, '基金'],
  ])('calls %s an unsuitable product', (_label, changes, word) => {
    const result = sut(changes);
    expect(result.status).toBe('unsuitable_product');
    expect(result.reason).toContain(word);
  });

  it.each([
    ['a bank named Preferred', 'Preferred Bank - Common Stock'],
    ['a company named Bond', 'Our Bond, Inc. - Common Stock'],
    ['ordinary shares under an issuer name with "Pfd"', 'Bank Nova Scotia Halifax Pfd 3 Ordinary Shares'],
    [
      'ADSs "representing the right to receive" shares (AMX)',
      'America Movil, S.A.B. de C.V. American Depositary Shares (each representing the right to receive twenty (20) Series B Shares',
    ],
    [
      'ADSs of Class A ordinary shares (WDH)',
      'Waterdrop Inc. American Depositary Shares (each representing the right to receive 10 Class A Ordinary Shares)',
    ],
    [
      'ADSs of one ordinary share (RLX)',
      'RLX Technology Inc. American Depositary Shares, each representing the right to receive one (1) Class A ordinary share',
    ],
    [
      'ADSs of units of B and L shares (KOF)',
      'Coca Cola Femsa S.A.B. de C.V.  American Depositary Shares, each representing 10 Units (each Unit consists of 3 Series B Shares and 5 Series L Shares)',
    ],
    ['ADSs of one unit (BSBR)', 'Banco Santander Brasil SA American Depositary Shares, each representing one unit'],
    [
      'ADSs of participation certificates (VLRS)',
      'Controladora Vuela Compania de Aviacion, S.A.B. de C.V. American Depositary Shares, each representing ten (10) Ordinary Participation Certificates',
    ],
    ['partnership common units (PAA)', 'Plains All American Pipeline, L.P. - Common Units representing Limited Partner Interests'],
    ['partnership common units (MPLX)', 'MPLX LP Common Units Representing Limited Partner Interests'],
    ['partnership common units (WES)', 'Western Midstream Partners, LP Common Units Representing Limited Partner Interests'],
    ['limited partnership units (BIP)', 'Brookfield Infrastructure Partners LP Limited Partnership Units'],
    ['limited partnership units (BEP)', 'Brookfield Renewable Partners L.P. Limited Partnership Units'],
    ['partnership common units (CQP)', 'Cheniere Energy Partners, LP Common Units'],
  ])('finds %s a company, not a product', (_label, securityName) => {
    expect(sut({ securityName })).toEqual({ status: 'active', reason: null });
  });

  it.each([
    ['a warrant on ADSs', 'IQM Quantum Computers Oyj - Warrants to purchase American Depositary Shares', '認股權證'],
    ['a warrant naming the common stock it buys', 'GameStop Corporation Warrants to Purchase Common Stock', '認股權證'],
    [
      'a SPAC unit of a share and a warrant',
      'Example Acquisition Corp Units, each consisting of one Class A ordinary share and one-half of one redeemable warrant',
      '單位',
    ],
    ['a bank preferred as depositary shares', 'Bank of America Corporation Depositary Sh repstg 1/1000th Perp Pfd Ser E', '優先股'],
    ['a preferred without a legal form', 'Morgan Stanley Dep Shs repstg 1/1000 Pfd Ser A', '優先股'],
    ['ADSs representing preferred shares', 'Example S.A. American Depositary Shares, each representing one Preferred Share', '優先股'],
  ])('still calls %s a product from its description', (_label, securityName, word) => {
    const result = sut({ securityName });
    expect(result.status).toBe('unsuitable_product');
    expect(result.reason).toContain(word);
  });

  it.each([
    ['Preferred Bank - Common Stock', 'Common Stock'],
    ['Bank Nova Scotia Halifax Pfd 3 Ordinary Shares', 'Ordinary Shares'],
    ['MPLX LP Common Units Representing Limited Partner Interests', 'Common Units Representing Limited Partner Interests'],
    ['Brookfield Infrastructure Partners LP Limited Partnership Units', 'Limited Partnership Units'],
    [
      'Waterdrop Inc. American Depositary Shares (each representing the right to receive 10 Class A Ordinary Shares)',
      'American Depositary Shares (each representing the right to receive 10 Class A Ordinary Shares)',
    ],
  ])('reads the description of %s as %s', (securityName, description) => {
    expect(securityDescription(securityName)).toBe(description);
  });

  it('calls a Hong Kong code absent from the HKEX company list a non-company product', () => {
    const result = sut({ company: false, name: 'Some Leveraged Product', sector: null, industry: null }, hkCompany);
    expect(result).toMatchObject({ status: 'unsuitable_product' });
    expect(result.reason).toContain('港交所上市公司名單');
  });

  it.each([
    ['an S&P REIT by its sub-industry', { name: 'Prologis', industry: 'Industrial REITs', securityName: 'Prologis, Inc. Common Stock' }],
    [
      'the Link REIT (not an HKEX company)',
      { market: 'HK' as const, name: 'Link Real Estate Investment Trust', industry: 'REIT - Retail', company: false, securityName: null },
    ],
    ['a royalty trust', { name: 'Permian Basin Royalty Trust', securityName: 'Permian Basin Royalty Trust Common Stock' }],
    ['a trust known by its name only', { name: 'Some Royalty Trust', securityName: null }],
    [
      'shares of beneficial interest',
      { name: 'Pebblebrook Hotel', securityName: 'Pebblebrook Hotel Trust Common Shares of Beneficial Interest' },
    ],
  ])('calls %s a REIT or trust', (_label, changes) => {
    expect(sut(changes).status).toBe('reit_or_trust');
  });

  it('does not mistake a bank or an HKEX-listed trust company for a trust', () => {
    expect(sut({ name: 'Northern Trust', securityName: 'Northern Trust Corporation - Common Stock' }).status).toBe('active');
    expect(sut({ name: 'Shandong International Trust Co., Ltd.' }, hkCompany).status).toBe('active');
  });

  it.each([
    ['deficient', 'D', 'Deficient'],
    ['delinquent', 'E', 'Delinquent'],
    ['both', 'H', '逾期'],
  ] as const)('calls a %s Nasdaq company highly speculative', (_label, financialStatus, word) => {
    const result = sut({ financialStatus });
    expect(result.status).toBe('highly_speculative');
    expect(result.reason).toContain(word);
  });

  it('calls a penny stock with losses highly speculative, but not a penny stock with profits', () => {
    expect(sut({ price: 0.42, eps: -0.08 }, hkCompany)).toMatchObject({ status: 'highly_speculative' });
    expect(sut({ price: 0.42, eps: null, netIncome: -1_000_000 }, hkCompany).reason).toContain('1 HKD');
    expect(sut({ price: 0.42, eps: 0.03 }, hkCompany).status).toBe('active');
    expect(sut({ price: 3, eps: -0.5 }, hkCompany).status).toBe('active');
  });

  it('decides a delisted ETF by its delisting first', () => {
    expect(sut({ etf: true, delisted: { lastTradingDay: null } }).status).toBe('delisted');
  });
});
