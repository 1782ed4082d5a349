import { hongKongDayStart } from './routes';

describe('hongKongDayStart', () => {
  it.each([
    ['2026-11-25T15:59:59.999Z', '2026-11-24T16:00:00.000Z'],
    ['2026-11-25T16:00:00.000Z', '2026-11-25T16:00:00.000Z'],
    ['2026-11-25T03:00:00.000Z', '2026-11-24T16:00:00.000Z'],
    ['2027-01-01T00:00:00.000Z', '2026-12-31T16:00:00.000Z'],
  ])('at %s the Hong Kong day began at %s', (now, start) => {
    expect(hongKongDayStart(new Date(now)).toISOString()).toBe(start);
  });
});
