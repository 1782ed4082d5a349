import { investorTypeFrom } from './investor-type';

describe('investorTypeFrom', () => {
  it('takes riskProfile by id or by its Traditional Chinese name', () => {
    expect(investorTypeFrom({ riskProfile: 'growth' })).toBe('growth');
    expect(investorTypeFrom({ riskProfile: ' Aggressive ' })).toBe('aggressive');
    expect(investorTypeFrom({ riskProfile: '穩健型' })).toBe('stable');
  });

  it('falls back to the band of riskScore (0-6, 7-12, 13-17, 18-21), also sent as text', () => {
    expect(investorTypeFrom({ riskScore: 0 })).toBe('conservative');
    expect(investorTypeFrom({ riskScore: 6 })).toBe('conservative');
    expect(investorTypeFrom({ riskScore: 7 })).toBe('stable');
    expect(investorTypeFrom({ riskScore: '17' })).toBe('growth');
    expect(investorTypeFrom({ riskProfile: 'unknown', riskScore: 21 })).toBe('aggressive');
  });

  it('gives no type for a missing or unusable profile rather than an error', () => {
    expect(investorTypeFrom(undefined)).toBeNull();
    expect(investorTypeFrom('growth')).toBeNull();
    expect(investorTypeFrom({ riskProfile: 'bold', riskScore: 22 })).toBeNull();
    expect(investorTypeFrom({ riskScore: 3.5 })).toBeNull();
    expect(investorTypeFrom({ riskScore: '' })).toBeNull();
  });
});
