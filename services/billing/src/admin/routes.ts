import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { badRequest, callerOf, requireAdmin } from '@stockai/platform';
import type { AdminCatalogue } from './catalogue';
import type { AdminMembers } from './members';
import type { AdminPayments } from './payments';
import {
  billingCycle,
  historyQuery,
  levelChange,
  memberChange,
  memberId,
  memberIds,
  newLevel,
  newPackage,
  newPlan,
  packageChange,
  parseInput,
  paymentsQuery,
  planChange,
  planPriceChange,
} from './schemas';

/**
 * Billing's admin API, internal (never routed by the gateway): the admin service calls it,
 * forwarding the admin's bearer token, and the role is checked here as well (401 without a
 * token, 403 for a non-admin). Packages, subscription plans, user levels, payments and their
 * statistics, and members' credits, level and subscription.
 */
export function adminRoutes(deps: { catalogue: AdminCatalogue; payments: AdminPayments; members: AdminMembers }): Router {
  const { catalogue, payments, members } = deps;
  const router = Router();
  router.use('/internal/admin', requireAdmin);

  router.get('/internal/admin/packages', async (_req, res) => {
    res.json({ success: true, packages: await catalogue.packages() });
  });
  router.post('/internal/admin/packages', async (req, res) => {
    const pkg = await catalogue.addPackage(parseInput(newPackage, req.body ?? {}));
    res.status(201).json({ success: true, message: 'Package added successfully', package: pkg });
  });
  router.put('/internal/admin/packages/:type', async (req, res) => {
    const pkg = await catalogue.updatePackage(req.params.type as string, parseInput(packageChange, req.body ?? {}));
    res.json({ success: true, message: 'Package updated successfully', package: pkg });
  });
  router.delete('/internal/admin/packages/:type', async (req, res) => {
    await catalogue.deletePackage(req.params.type as string);
    res.json({ success: true, message: 'Package deleted successfully' });
  });

  router.get('/internal/admin/subscription-plans', async (_req, res) => {
    res.json({ success: true, plans: await catalogue.plans() });
  });
  router.post('/internal/admin/subscription-plans', async (req, res) => {
    const plan = await catalogue.addPlan(parseInput(newPlan, req.body ?? {}));
    res.status(201).json({ success: true, message: 'Subscription plan added successfully', plan });
  });
  router.put('/internal/admin/subscription-plans/:planId', async (req, res) => {
    const plan = await catalogue.updatePlan(req.params.planId as string, parseInput(planChange, req.body ?? {}));
    res.json({ success: true, message: 'Subscription plan updated successfully', plan });
  });
  router.put('/internal/admin/subscription-plans/:planId/:cycle', async (req, res) => {
    const cycle = parseInput(billingCycle, req.params.cycle);
    const { price } = parseInput(planPriceChange, req.body ?? {});
    const plan = await catalogue.setPlanPrice(req.params.planId as string, cycle, price);
    res.json({ success: true, message: 'Plan price updated successfully', plan });
  });
  router.delete('/internal/admin/subscription-plans/:planId', async (req, res) => {
    await catalogue.deletePlan(req.params.planId as string);
    res.json({ success: true, message: 'Subscription plan deleted successfully' });
  });

  router.get('/internal/admin/user-levels', async (_req, res) => {
    res.json({ success: true, levels: await catalogue.levels() });
  });
  router.post('/internal/admin/user-levels', async (req, res) => {
    const level = await catalogue.addLevel(parseInput(newLevel, req.body ?? {}));
    res.status(201).json({ success: true, message: 'User level added successfully', level });
  });
  router.put('/internal/admin/user-levels/:levelType', async (req, res) => {
    const level = await catalogue.updateLevel(req.params.levelType as string, parseInput(levelChange, req.body ?? {}));
    res.json({ success: true, message: 'User level updated successfully', level });
  });
  router.delete('/internal/admin/user-levels/:levelType', async (req, res) => {
    await catalogue.deleteLevel(req.params.levelType as string);
    res.json({ success: true, message: 'User level deleted successfully' });
  });

  router.get('/internal/admin/payments', async (req, res) => {
    res.json({ success: true, ...(await payments.list(parseInput(paymentsQuery, req.query))) });
  });
  router.get('/internal/admin/payment-stats', async (_req, res) => {
    res.json({ success: true, stats: await payments.stats() });
  });

  /** `?ids=<id>,<id>`: the billing side of the members on one page of the admin's member list. */
  router.get('/internal/admin/members', async (req, res) => {
    res.json({ success: true, ...(await members.find(parseInput(memberIds, req.query).ids)) });
  });
  router.get('/internal/admin/members/:userId/credit-history', async (req, res) => {
    const userId = parseInput(memberId, req.params.userId);
    const { page, limit } = parseInput(historyQuery, req.query);
    res.json({ success: true, ...(await members.creditHistory(userId, page, limit)) });
  });
  router.get('/internal/admin/members/:userId', async (req, res) => {
    res.json({ success: true, member: await members.get(parseInput(memberId, req.params.userId)) });
  });
  /** An `Idempotency-Key` header makes a retried edit adjust the balances once. */
  router.put('/internal/admin/members/:userId', async (req, res) => {
    const userId = parseInput(memberId, req.params.userId);
    const change = parseInput(memberChange, req.body ?? {});
    const key = req.get('idempotency-key') ?? randomUUID();
    if (key.length > 200) throw badRequest('Idempotency-Key: must be at most 200 characters', 'INVALID_IDEMPOTENCY_KEY');
    const member = await members.edit(userId, change, { key, adminId: callerOf(req).id });
    res.json({ success: true, message: 'Member updated successfully', member });
  });

  return router;
}
