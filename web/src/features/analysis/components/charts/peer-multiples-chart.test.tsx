import { describe, expect, it } from 'vitest';
import { peersOnOtherDays } from './peer-multiples-chart';

/** A peer priced on another day than the report (no daily bars, ADR 0075) is named with its date; the others are not. */
describe('peersOnOtherDays', () => {
  const peers = [
    { symbol: '0728.HK', name: 'China Telecom', value: 11.87, asOf: '2026-10-09' },
    { symbol: '0788.HK', name: 'China Tower', value: 16.05, asOf: '2025-04-11' },
    { symbol: '6823.HK', name: 'HKT', value: 18.04, asOf: '2025-08-15' },
    { symbol: '0762.HK', name: 'China Unicom', value: 7.35 },
  ];

  it('names each peer priced on another day than the report, with its date, in the peers’ order', () => {
    expect(peersOnOtherDays(peers, '2026-10-09')).toBe('0788.HK（2025-04-11）、6823.HK（2025-08-15）');
  });

  it('says nothing when every peer with a date shares the report’s day', () => {
    expect(
      peersOnOtherDays(
        peers.filter((p) => p.asOf !== '2025-04-11' && p.asOf !== '2025-08-15'),
        '2026-10-09',
      ),
    ).toBeNull();
  });
});
