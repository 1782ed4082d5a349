import { waitFor } from '../bus/test-helpers';
import { runPeriodically } from './periodic';

describe('runPeriodically', () => {
  it('runs again and again, one run at a time, and goes on after a failed run', async () => {
    let active = 0;
    let overlapped = false;
    let runs = 0;
    const errors: unknown[] = [];
    const sut = runPeriodically({
      everyMs: 5,
      run: async () => {
        active += 1;
        overlapped ||= active > 1;
        runs += 1;
        // Longer than the interval: a timer that did not wait for the run would overlap it.
        await new Promise((resolve) => setImmediate(resolve));
        await new Promise((resolve) => setTimeout(resolve, 15));
        active -= 1;
        if (runs === 2) throw new Error('second run failed');
      },
      onError: (err) => errors.push(err),
    });
    await waitFor('four runs', async () => runs >= 4);
    await sut.stop();
    expect(overlapped).toBe(false);
    expect(errors).toEqual([new Error('second run failed')]);
  });

  it('runs at once when asked, and stop waits for the run under way, then runs no more', async () => {
    let release: () => void = () => undefined;
    let runs = 0;
    let finished = false;
    const sut = runPeriodically({
      everyMs: 1,
      immediately: true,
      run: async () => {
        runs += 1;
        await new Promise<void>((resolve) => (release = resolve));
        finished = true;
      },
      onError: () => undefined,
    });
    await waitFor('the first run', async () => runs === 1);
    const stopped = sut.stop();
    release();
    await stopped;
    expect(finished).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(runs).toBe(1);
  });

  it('waits one interval before the first run by default', async () => {
    let runs = 0;
    const sut = runPeriodically({ everyMs: 60_000, run: async () => void (runs += 1), onError: () => undefined });
    await new Promise((resolve) => setImmediate(resolve));
    await sut.stop();
    expect(runs).toBe(0);
  });
});
