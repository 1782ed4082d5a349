import { nasdaqFileDate, readExchangeListings, readSp500Financials, readUsUniverse } from './us';

const nasdaqListed = `Symbol,Company Name,Security Name,Market Category,Test Issue,Financial Status,Round Lot Size,ETF,NextShares
AAPL,Apple Inc.,Apple Inc. - Common Stock,Q,N,N,100,N,N
AACB,Artius II Acquisition Inc.,Artius II Acquisition Inc. - Class A Ordinary Shares,G,N,D,100,N,N
ZAZZT,Tick Pilot Test Stock Class A Common Stock,Tick Pilot Test Stock Class A Common Stock,G,Y,N,100,N,N
QQQ,Invesco QQQ Trust,"Invesco QQQ Trust, Series 1",G,N,N,100,Y,N
File Creation Time: 0731202621:31,,,,,,,,
,,,,,,,,
`;
const otherListed = `ACT Symbol,Company Name,Security Name,Exchange,CQS Symbol,ETF,Round Lot Size,Test Issue,NASDAQ Symbol
A,"Agilent Technologies, Inc. Common Stock","Agilent Technologies, Inc. Common Stock",N,A,N,100.0,N,A
BRK.B,Berkshire Hathaway Inc. New Common Stock,Berkshire Hathaway Inc. New Common Stock,N,BRK.B,N,40.0,N,BRK.B
BFH$A,"Bread Financial Holdings, Inc. Depositary Shares","Bread Financial Holdings, Inc. Depositary Shares, each representing a 1/40th interest in a share of 8.625% Non-Cumulative Perpetual Preferred Stock, Series A",N,BFHpA,N,100.0,N,BFH-A
PLD,"Prologis, Inc. Common Stock","Prologis, Inc. Common Stock",N,PLD,N,100.0,N,PLD
`;
const sp500 = `Symbol,Security,GICS Sector,GICS Sub-Industry,Headquarters Location,Date added,CIK,Founded
AAPL,Apple Inc.,Information Technology,"Technology Hardware, Storage & Peripherals","Cupertino, California",1982-11-30,320193,1977
PLD,Prologis,Real Estate,Industrial REITs,"San Francisco, California",2003-07-17,1045609,1983
ANSS,Ansys,Information Technology,Application Software,"Canonsburg, Pennsylvania",2017-06-19,1013462,1969
`;
const financials = `Symbol,Name,Sector,Price,Price/Earnings,Dividend Yield,Earnings/Share,52 Week Low,52 Week High,Market Cap,EBITDA,Price/Sales,Price/Book,SEC Filings
AAPL,Apple Inc.,"Technology Hardware, Storage & Peripherals",200,30,0.005,6.5,150,250,3000000000000,130000000000,7.5,40,http://www.sec.gov
HOLX,Hologic,Health Care Equipment,70,,,,,,,,,,http://www.sec.gov
`;
const nasdaq100 = 'Symbol,Name\nAAPL,Apple Inc.\n';

describe('the US files', () => {
  it('dates the Nasdaq file from its trailer line', () => {
    expect(nasdaqFileDate(nasdaqListed)).toBe('2026-07-31');
    expect(nasdaqFileDate('Symbol\n')).toBeNull();
  });

  it('reads both exchange files, skipping the trailer, with normalised symbols and clean company names', () => {
    const listings = readExchangeListings({ nasdaqListed, otherListed });
    expect([...listings.keys()].sort()).toEqual(['A', 'AACB', 'AAPL', 'BFH-PA', 'BRK-B', 'PLD', 'QQQ', 'ZAZZT']);
    expect(listings.get('A')).toMatchObject({ name: 'Agilent Technologies, Inc.', exchange: 'NYSE', etf: false });
    expect(listings.get('BRK-B')?.name).toBe('Berkshire Hathaway Inc.');
    expect(listings.get('AACB')).toMatchObject({ exchange: 'NASDAQ', financialStatus: 'D' });
    expect(listings.get('ZAZZT')?.testIssue).toBe(true);
    expect(listings.get('QQQ')?.etf).toBe(true);
  });

  it('derives book value, shares, revenue and dividend from an S&P financials row, and leaves blanks null', () => {
    const row = readSp500Financials(
      {
        Symbol: 'AAPL',
        Price: '200',
        'Price/Earnings': '30',
        'Dividend Yield': '0.005',
        'Earnings/Share': '6.5',
        'Market Cap': '3000000000000',
        EBITDA: '130000000000',
        'Price/Sales': '7.5',
        'Price/Book': '40',
      },
      '2026-08-22',
    );
    expect(row).toMatchObject({
      symbol: 'AAPL',
      currency: 'USD',
      price: 200,
      bookValuePerShare: 5,
      sharesOutstanding: 15_000_000_000,
      revenue: 400_000_000_000,
      dividendPerShare: 1,
      freeCashFlow: null,
      beta: null,
      asOf: '2026-08-22',
    });
    expect(row.notes).toHaveLength(5);
    const blank = readSp500Financials({ Symbol: 'HOLX', Price: '70' }, '2026-08-22');
    expect(blank).toMatchObject({ price: 70, peRatio: null, bookValuePerShare: null, revenue: null, sharesOutstanding: null });
  });

  it('builds the US universe: index names and sectors, classification, and unlisted index members', () => {
    const { listings, fundamentals } = readUsUniverse({
      nasdaqListed,
      otherListed,
      sp500,
      sp500Financials: financials,
      nasdaq100,
      asOf: { nasdaqListed: '2026-07-01', otherListed: '2026-08-22', sp500Financials: '2026-08-22' },
    });
    const bySymbol = new Map(listings.map((l) => [l.symbol, l]));
    expect(bySymbol.get('AAPL')).toMatchObject({
      name: 'Apple Inc.',
      exchange: 'NASDAQ',
      sector: 'Information Technology',
      status: 'active',
    });
    expect(bySymbol.get('AAPL')?.sources).toEqual([
      'us/nasdaq-listed-symbols.csv',
      'us/sp500-constituents.csv',
      'us/sp500-constituents-financials.csv',
      'us/nasdaq100-constituents.csv',
    ]);
    expect(bySymbol.get('PLD')).toMatchObject({ sector: 'Real Estate', industry: 'Industrial REITs', status: 'reit_or_trust' });
    expect(bySymbol.get('BFH-PA')?.status).toBe('unsuitable_product');
    expect(bySymbol.get('ANSS')).toMatchObject({ exchange: null, status: 'inactive' });
    expect(bySymbol.get('ANSS')?.reason).toContain('Nasdaq 2026-07-31');
    expect(bySymbol.get('HOLX')).toMatchObject({ sector: null, industry: 'Health Care Equipment', status: 'inactive' });
    expect(fundamentals.map((f) => f.symbol)).toEqual(['AAPL', 'HOLX']);
  });
});
