import { describe, expect, it } from 'vitest';
import { getPackages } from './get-packages';
import { getPlans } from './get-plans';

describe('the catalogue as the real billing service sends it', () => {
  it('lists packages smallest first, each price with its own currency', async () => {
    const packages = await getPackages();
    expect(packages.length).toBeGreaterThan(1);
    const credits = packages.map((p) => p.credits);
    expect(credits).toEqual([...credits].sort((a, b) => a - b));
    for (const p of packages) expect(p.price.currency).toMatch(/^[A-Z]{3}$/);
  });

  it('reads every plan with its level and the price of each cycle it offers', async () => {
    const plans = await getPlans();
    expect(plans.map((p) => p.level)).toContain('free');
    for (const plan of plans.filter((p) => p.level !== 'free')) {
      expect(plan.monthly ?? plan.yearly).not.toBeNull();
    }
  });
});
