import { type Request, Router } from 'express';
import type { AdminActions } from '../audit/admin-actions';
import type { Owners } from '../owners/client';

type Keyed = Record<string, unknown>;

/**
 * Credit packages, subscription plans and user levels: billing owns them and checks every
 * value (prices, built-in levels, plans in use); these routes pass the admin's call on and
 * keep the audit trail. A price change applies to purchases made after it (billing prices a
 * purchase when it is made); a deleted package or plan cannot be bought, and the payments made
 * for it keep its name.
 */
export function catalogueRoutes(owners: Owners, actions: AdminActions): Router {
  const router = Router();
  const billing = owners.billing;
  const one = (collection: string, field: string) => async (req: Request, key: string) => {
    const all = await billing.call<Record<string, Keyed>>(req, 'GET', `/internal/admin/${collection}`);
    const items = all[field];
    // `key` comes from the address: `constructor` or `__proto__` must find nothing, not Object's members.
    return items && Object.hasOwn(items, key) ? items[key] : null;
  };

  /** The three collections have the same five calls; `field` names the collection in billing's answers. */
  const collection = (path: string, field: string, item: string, keyParam: string, action: string) => {
    const current = one(path, field);
    router.get(`/api/admin/${path}`, async (req, res) => {
      res.json(await billing.call(req, 'GET', `/internal/admin/${path}`));
    });
    router.post(`/api/admin/${path}`, async (req, res) => {
      const body = (req.body ?? {}) as Keyed;
      const answer = await actions.record(req, {
        action: `${action}.add`,
        target: String(body[keyParam] ?? ''),
        apply: () => billing.call<Keyed>(req, 'POST', `/internal/admin/${path}`, { body }),
        after: (a) => a[item],
      });
      res.status(201).json(answer);
    });
    router.put(`/api/admin/${path}/:key`, async (req, res) => {
      const key = req.params.key as string;
      const answer = await actions.record(req, {
        action: `${action}.update`,
        target: key,
        before: () => current(req, key),
        apply: () => billing.call<Keyed>(req, 'PUT', `/internal/admin/${path}/${encodeURIComponent(key)}`, { body: req.body ?? {} }),
        after: (a) => a[item],
      });
      res.json(answer);
    });
    router.delete(`/api/admin/${path}/:key`, async (req, res) => {
      const key = req.params.key as string;
      const answer = await actions.record(req, {
        action: `${action}.delete`,
        target: key,
        before: () => current(req, key),
        apply: () => billing.call<Keyed>(req, 'DELETE', `/internal/admin/${path}/${encodeURIComponent(key)}`),
      });
      res.json(answer);
    });
  };

  collection('packages', 'packages', 'package', 'type', 'package');
  collection('subscription-plans', 'plans', 'plan', 'planId', 'subscription-plan');
  collection('user-levels', 'levels', 'level', 'levelType', 'user-level');

  /** A single price of a plan: `PUT subscription-plans/{planId}/{monthly|yearly}` with `{ price }`. */
  router.put('/api/admin/subscription-plans/:planId/:cycle', async (req, res) => {
    const planId = req.params.planId as string;
    const cycle = req.params.cycle as string;
    const answer = await actions.record(req, {
      action: `subscription-plan.price`,
      target: `${planId}/${cycle}`,
      before: () => one('subscription-plans', 'plans')(req, planId),
      apply: () =>
        billing.call<Keyed>(req, 'PUT', `/internal/admin/subscription-plans/${encodeURIComponent(planId)}/${encodeURIComponent(cycle)}`, {
          body: req.body ?? {},
        }),
      after: (a) => a.plan,
    });
    res.json(answer);
  });

  return router;
}
