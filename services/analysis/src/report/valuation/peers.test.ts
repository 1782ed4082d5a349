import { industrialsMedians, peer as fixturePeer, steadyCompany } from '../fixtures';
import type { PeerFigures, SectorMedians } from '../../market-data/types';
import { choosePeers, MULTIPLE_CAP } from './peers';
import { relativeModel } from './multiples';

/** A peer of `industry` with P/E `pe` (its other multiples those of the fixtures' peers), US$80 bn unless said. */
const peer = (symbol: string, industry: string, pe: number, marketCap = 80e9): PeerFigures =>
  fixturePeer(symbol, marketCap, pe, 12, 3, 2.5, industry);

const medians = (peers: PeerFigures[]): SectorMedians => ({ ...industrialsMedians, peers });
const MACHINERY = 'Specialty Industrial Machinery';

describe('choosePeers (ADR 0067)', () => {
  it('leaves out negative multiples and those above the cap, names them with the reason, and takes the median of the rest', () => {
    const sut = choosePeers(
      steadyCompany(),
      medians([
        ...[14, 16, 18, 20, 22, 26].map((pe, i) => peer(`P${i}`, MACHINERY, pe)),
        peer('HOPE', MACHINERY, 311),
        peer('LOSS', MACHINERY, -12),
      ]),
      'pe',
    );
    expect(sut?.comparison.peers.map((p) => p.value).sort((a, b) => a - b)).toEqual([14, 16, 18, 20, 22, 26]);
    expect(sut?.median).toBe(19);
    expect(sut?.comparison.excluded).toEqual([
      expect.objectContaining({ symbol: 'HOPE', value: 311, reason: `高於 ${MULTIPLE_CAP.pe} 倍上限` }),
      expect.objectContaining({ symbol: 'LOSS', value: -12, reason: '負數（虧損或負資產）' }),
    ]);
    expect(sut?.comparison.spread).toEqual({ low: 16.5, high: 21.5, min: 14, max: 26 });
    expect(sut?.thin).toBe(false);
  });

  it('widens from the industry to the sector when fewer than five peers remain, closest in size first', () => {
    const sut = choosePeers(
      steadyCompany(),
      medians([
        ...[15, 17, 19].map((pe, i) => peer(`M${i}`, MACHINERY, pe)),
        peer('M3', MACHINERY, 150),
        peer('RAIL', 'Railroads', 21, 90e9),
        peer('TRUCK', 'Cargo Ground Transportation', 23, 1e9),
        peer('AIR', 'Passenger Airlines', 9, 85e9),
      ]),
      'pe',
    );
    expect(sut?.group).toBe('同板塊（Industrials）');
    // nearest in size to the stock's US$85 bn first; the tiny trucker last
    expect(sut?.comparison.peers.map((p) => p.symbol)).toEqual(['AIR', 'RAIL', 'M0', 'M1', 'M2', 'TRUCK']);
    expect(sut?.comparison.excluded?.map((p) => p.symbol)).toEqual(['M3']);
  });

  it('compares a bank only with banks, while a company outside the closed families widens to its whole sector', () => {
    const sector = medians([
      ...[15, 17, 19].map((pe, i) => peer(`S${i}`, 'Asset Management & Custody Banks', pe)),
      ...[8, 9, 10, 11, 12].map((pe, i) => peer(`B${i}`, 'Regional Banks', pe)),
      peer('INS', 'Property & Casualty Insurance', 13),
    ]);
    const bank = steadyCompany({ sector: 'Financials', industry: 'Diversified Banks' });
    expect(
      choosePeers(bank, sector, 'pe')
        ?.comparison.peers.map((p) => p.symbol)
        .sort(),
    ).toEqual(['B0', 'B1', 'B2', 'B3', 'B4']);
    const insurer = steadyCompany({ sector: 'Financials', industry: 'Multi-line Insurance' });
    expect(choosePeers(insurer, sector, 'pe')).toBeNull();
    const broker = steadyCompany({ sector: 'Financials', industry: 'Investment Banking & Brokerage' });
    expect(choosePeers(broker, sector, 'pe')).toMatchObject({ thin: false, group: '同板塊（Industrials）' });
  });

  it('gives no set with fewer than three peers', () => {
    expect(choosePeers(steadyCompany(), medians([peer('A', MACHINERY, 15), peer('B', MACHINERY, 16)]), 'pe')).toBeNull();
  });
});

describe('relativeModel on a thin set of peers', () => {
  it('shows the comparison with three or four peers as a check outside the fair value', () => {
    const thin = medians([15, 17, 19, 21].map((pe, i) => peer(`P${i}`, MACHINERY, pe)));
    const sut = relativeModel(steadyCompany({ totalDebt: null }), thin, false);
    expect(sut).toMatchObject({ role: 'check', weight: 0, skipped: false, value: 18 * 5 });
    expect(sut.reason).toContain('同業少於 5 家');
    expect(sut.peers?.[0]?.peers).toHaveLength(4);
    expect(sut.inputs.pePeerSpread).toBe('4 家同業中位數 18 倍，四分位 16.5–19.5 倍，最低 15、最高 21 倍');
  });
});
