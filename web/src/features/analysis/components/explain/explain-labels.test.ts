import { describe, expect, it } from 'vitest';
import { multipleInputLabel, selfNamedInputLabel } from './explain-labels';

describe('explain input labels', () => {
  it('names every part of a multiple, the peers’ spread included', () => {
    for (const part of ['Note', 'PeerMedian', 'PeerSpread', 'Peers', 'Value'])
      expect(multipleInputLabel(`pe${part}`)?.label).toMatch(/^(按)?市盈率/);
    expect(multipleInputLabel('ev_salesPeerSpread')).toEqual({ label: 'EV/Sales同業分佈', unit: 'text' });
    expect(multipleInputLabel('psPeerSpread')).toBeNull();
  });

  it('shows the names the engine gives in words as they are: fiscal years and Chinese captions, not program names', () => {
    expect(selfNamedInputLabel('FY2024')).toEqual({ label: 'FY2024', unit: 'text' });
    expect(selfNamedInputLabel('來源不一致 1')).toEqual({ label: '來源不一致 1', unit: 'text' });
    expect(selfNamedInputLabel('sharesOutstanding')).toBeNull();
    expect(selfNamedInputLabel('FY24')).toBeNull();
  });
});
