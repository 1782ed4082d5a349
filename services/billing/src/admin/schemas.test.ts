import { memberChange, parseInput, paymentsQuery } from './schemas';

describe('admin request shapes', () => {
  it("reads a member's expiry date as the end of that day in Hong Kong, and refuses a day that does not exist", () => {
    expect(parseInput(memberChange, { subscriptionExpiry: '2027-02-28' }).subscriptionExpiry).toEqual(new Date('2027-02-28T15:59:59.999Z'));
    expect(parseInput(memberChange, { subscriptionExpiry: '2027-03-01T10:00:00+08:00' }).subscriptionExpiry).toEqual(
      new Date('2027-03-01T02:00:00Z'),
    );
    expect(() => parseInput(memberChange, { subscriptionExpiry: '2027-02-31' })).toThrow('2027-02-31 is not a calendar date');
  });

  it('refuses a member edit with nothing to change, or a total below the paid credits', () => {
    expect(() => parseInput(memberChange, {})).toThrow(/Nothing to change/);
    expect(() => parseInput(memberChange, { paidCredits: 5, credits: 4 })).toThrow('credits: the total must be at least paidCredits');
    expect(parseInput(memberChange, { paidCredits: 5, credits: 7 })).toEqual({ paidCredits: 5, credits: 7 });
  });

  it('pages payments with defaults and refuses a date range that ends before it starts', () => {
    expect(parseInput(paymentsQuery, { status: '' })).toEqual({ page: 1, limit: 20 });
    expect(() => parseInput(paymentsQuery, { dateFrom: '2026-11-02', dateTo: '2026-11-01' })).toThrow('dateFrom: must not be after dateTo');
    expect(() => parseInput(paymentsQuery, { limit: '101' })).toThrow('must be at most 100');
  });
});
