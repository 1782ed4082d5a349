import { parseEventData } from './events';
import { investorPreferencesFrom } from './investor-preferences';

describe('investorPreferencesFrom', () => {
  const sut = investorPreferencesFrom;

  it("reads the wizard's lists, or the profile page's comma-separated text", () => {
    expect(sut({ term: 'long', goals: ['income', 'retirement'], sectors: ['finance'] })).toEqual({
      horizon: 'long',
      goals: ['income', 'retirement'],
      sectors: ['finance'],
    });
    expect(sut({ investmentGoals: 'wealth, shortterm', preferredSectors: 'tech,energy' })).toEqual({
      horizon: null,
      goals: ['wealth', 'shortterm'],
      sectors: ['tech', 'energy'],
    });
  });

  it("takes the wizard's term over the questionnaire's horizon, which stands in when there is no term", () => {
    expect(sut({ term: 'short', investmentHorizon: 'more-than-5' })?.horizon).toBe('short');
    expect(sut({ investmentHorizon: 'less-than-1' })?.horizon).toBe('short');
    expect(sut({ investmentHorizon: '1-3' })?.horizon).toBe('medium');
    expect(sut({ investmentHorizon: '3-5' })?.horizon).toBe('long');
  });

  it('drops values it does not know and gives null when nothing usable is left', () => {
    expect(sut({ goals: ['income', 'lottery'], sectors: 'tech,crypto', term: 'forever' })).toEqual({
      horizon: null,
      goals: ['income'],
      sectors: ['tech'],
    });
    expect(sut({ goals: [], sectors: '', term: null })).toBeNull();
    expect(sut('income')).toBeNull();
    expect(sut(undefined)).toBeNull();
  });

  it('travels in user.updated, and an event without it still parses', () => {
    const userId = '6f1c2a34-1b7e-4c1e-9a55-0f3b2a1c9d10';
    const preferences = { horizon: 'medium', goals: ['income'], sectors: [] };
    expect(parseEventData('user.updated', { userId, fields: ['goals'], preferences }).preferences).toEqual(preferences);
    expect(parseEventData('user.updated', { userId, fields: ['password'] }).preferences).toBeUndefined();
    expect(() =>
      parseEventData('user.updated', { userId, fields: [], preferences: { horizon: 'soon', goals: [], sectors: [] } }),
    ).toThrow();
  });
});
