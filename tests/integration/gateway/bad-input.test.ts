import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateRsaKeyPair } from '@stockai/platform';
import { deleteAmqpTopology } from '@stockai/platform/src/bus/test-helpers';
import { startTestService, type TestService, testInfra, uniqueName } from '@stockai/platform/src/testing';
import { authService } from '../../../services/auth/src/app';
import { billingService } from '../../../services/billing/src/app';
import { type GhostStandIn, startGhostStandIn } from '../../support/ghost-stand-in';
import { type WholeStack, startWholeStack } from '../hardening/whole-stack';
import { startTestGateway } from '../../support/gateway';
import { type StripeStandIn, startStripeStandIn } from '../../support/stripe-stand-in';
import { registerUser } from '../analysis/analysis-stack';

/**
 * Bad input on every route a user or an admin calls through the gateway (spec section 7, the
 * admin area's API, the webhooks), with all five services on the real PostgreSQL, RabbitMQ and
 * Redis: every answer is a 4xx with a JSON `{ error }` a person can act on — never a 5xx, a
 * stack trace, SQL, or the bad input echoed back at length.
 *
 * The table below has one row per route and case; the helpers under it only spell out the
 * cases every JSON body, every paged list and every path parameter shares.
 */

type Who = 'visitor' | 'user' | 'admin';
type Method = 'GET' | 'POST' | 'PUT';

interface Row {
  route: string;
  case: string;
  who: Who;
  method: Method;
  /** Sent as it is: percent-encoding is the row's (so `%00` reaches the server as a NUL). */
  path: string;
  /** The raw request body (JSON unless `contentType` says otherwise). */
  body?: string;
  contentType?: string;
  headers?: Record<string, string>;
  /** The statuses that fit this case. */
  status: number[];
}

const INVALID = [400];
const UNAUTHENTICATED = [401];
const FORBIDDEN = [403];
const NOT_FOUND = [404];
/** An unknown or malformed id: refused as malformed, or not found. */
const NO_SUCH = [400, 404];

const LONG = 'A'.repeat(10_000);
const json = (value: unknown) => JSON.stringify(value);
const route = (method: Method, routePath: string) => ({ method, route: `${method} ${routePath}` });

/** Cases every JSON body shares: not JSON, not an object, each field missing, mistyped, too long, with a NUL. */
function bodyCases(
  method: Method,
  routePath: string,
  who: Who,
  valid: Record<string, unknown>,
  /** `text`: a string field, also tried 10k characters long (answered `tooLong`, default 400) and with a NUL. */
  fields: Record<string, { required?: boolean; wrong: unknown; text?: boolean; tooLong?: number[] }>,
): Row[] {
  const base = { ...route(method, routePath), who, path: routePath };
  const rows: Row[] = [
    { ...base, case: 'invalid JSON', body: '{"broken": ', status: INVALID },
    { ...base, case: 'a JSON array instead of an object', body: json([valid]), status: INVALID },
    { ...base, case: 'a JSON string instead of an object', body: json('text'), status: INVALID },
  ];
  for (const [field, spec] of Object.entries(fields)) {
    const without = Object.fromEntries(Object.entries(valid).filter(([name]) => name !== field));
    if (spec.required) rows.push({ ...base, case: `${field} missing`, body: json(without), status: INVALID });
    rows.push({
      ...base,
      case: `${field} of the wrong type (${json(spec.wrong)})`,
      body: json({ ...valid, [field]: spec.wrong }),
      status: INVALID,
    });
    if (spec.text) {
      rows.push({ ...base, case: `${field} of 10k characters`, body: json({ ...valid, [field]: LONG }), status: spec.tooLong ?? INVALID });
      rows.push({
        ...base,
        case: `${field} with a NUL byte`,
        body: json({ ...valid, [field]: `${String(valid[field] ?? 'x')}\u0000` }),
        status: INVALID,
      });
    }
  }
  return rows;
}

/** Cases every paged list shares: page and limit negative, zero, fractional, huge, not numbers. */
function pagingCases(routePath: string, who: Who, params: Array<'page' | 'limit'> = ['page', 'limit']): Row[] {
  const values = ['-1', '0', '1.5', '1e20', '99999999999999999999999', 'abc', '%00'];
  return params.flatMap((param) => [
    ...values.map((value) => ({
      ...route('GET', routePath),
      who,
      case: `${param}=${value}`,
      path: `${routePath}?${param}=${value}`,
      status: INVALID,
    })),
    { ...route('GET', routePath), who, case: `${param} given twice`, path: `${routePath}?${param}=1&${param}=2`, status: INVALID },
  ]);
}

/** Cases every path parameter shares: control characters, NUL, 10k characters, a malformed escape. */
function paramCases(method: Method, template: string, who: Who, status: number[], body?: string): Row[] {
  const values: Array<[string, string]> = [
    ['a NUL byte', 'A%00B'],
    ['a newline', 'A%0AB'],
    ['a control character', 'A%1FB%7F'],
    ['10k characters', LONG],
    ['a malformed escape', '%E0%A4%A'],
  ];
  return values.map(([name, value]) => ({
    ...route(method, template),
    who,
    case: `path parameter with ${name}`,
    path: template.replace(/:\w+/, value),
    body,
    status,
  }));
}

/** Cases every query parameter holding free text shares. */
function textQueryCases(routePath: string, param: string, who: Who): Row[] {
  return [
    ['10k characters', LONG],
    ['a NUL byte', 'apple%00'],
    ['control characters', 'a%01%1F%7Fb'],
    ['a malformed escape', '%E0%A4%A'],
  ].map(([name, value]) => ({
    ...route('GET', routePath),
    who,
    case: `${param} with ${name}`,
    path: `${routePath}?${param}=${value}`,
    status: INVALID,
  }));
}

/** Cases of the `Idempotency-Key` header on a route that takes one, with `body` as the rest of the request. */
function idempotencyKeyCases(method: Method, routePath: string, who: Who, body: string, path = routePath): Row[] {
  const keys: Array<[string, string]> = [
    ['a control character', 'a\tb'],
    ['10k characters', LONG],
  ];
  return keys.map(([name, key]) => ({
    ...route(method, routePath),
    who,
    case: `an Idempotency-Key with ${name}`,
    path,
    body,
    headers: { 'idempotency-key': key },
    status: INVALID,
  }));
}

/** A route a signed-in user calls (at `path`, where it has a parameter): refused without a token or with a forged one. */
function signInCases(method: Method, routePath: string, path = routePath): Row[] {
  return [
    { ...route(method, routePath), who: 'visitor', case: 'no bearer token', path, status: UNAUTHENTICATED },
    {
      ...route(method, routePath),
      who: 'visitor',
      case: 'a forged bearer token',
      path,
      headers: { authorization: 'Bearer not.a.token' },
      status: UNAUTHENTICATED,
    },
  ];
}

/** A route for admins only: refused to a user too. */
function adminCases(method: Method, routePath: string): Row[] {
  return [
    ...signInCases(method, routePath),
    { ...route(method, routePath), who: 'user', case: "a user's token", path: routePath, status: FORBIDDEN },
  ];
}

const row = (method: Method, routePath: string, who: Who, name: string, rest: Partial<Row> & { status: number[] }): Row => ({
  ...route(method, routePath),
  who,
  case: name,
  path: routePath,
  ...rest,
});

const ROWS: Row[] = [
  // The gateway itself.
  row('GET', '/api/no-such-thing', 'visitor', 'a path no service owns', { status: NOT_FOUND }),
  row('GET', '/internal/admin/packages', 'admin', "a service's internal route", { status: NOT_FOUND }),
  row('GET', '/api/auth/../../internal/admin/packages', 'admin', "a service's internal route by a dot-dot path", { status: NOT_FOUND }),
  row('POST', '/api/auth/register', 'visitor', 'a body over the gateway limit', {
    body: json({ email: 'a@b.co', padding: 'x'.repeat(1_100_000) }),
    status: [413],
  }),

  // Auth (spec: Auth).
  ...bodyCases(
    'POST',
    '/api/auth/register',
    'visitor',
    { email: 'new@example.com', password: 'secret123', firstName: 'Ka Ho', lastName: 'Chan' },
    {
      email: { required: true, wrong: 123, text: true },
      password: { required: true, wrong: { value: 'secret123' }, text: true },
      firstName: { required: true, wrong: 123, text: true },
      lastName: { required: true, wrong: ['Chan'], text: true },
    },
  ),
  row('POST', '/api/auth/register', 'visitor', 'a form-encoded body', {
    body: 'email=a%40b.co&password=secret123',
    contentType: 'application/x-www-form-urlencoded',
    status: [400, 415],
  }),
  ...bodyCases(
    'POST',
    '/api/auth/login',
    'visitor',
    { email: 'nobody@example.com', password: 'secret123' },
    {
      email: { required: true, wrong: 123, text: true },
      password: { required: true, wrong: 123456, text: true },
    },
  ),
  row('POST', '/api/auth/login', 'visitor', 'an unknown account', {
    body: json({ email: `${randomUUID()}@example.com`, password: 'secret123' }),
    status: UNAUTHENTICATED,
  }),
  ...signInCases('POST', '/api/auth/logout'),
  row('POST', '/api/auth/logout', 'user', 'invalid JSON', { body: '{"broken": ', status: INVALID }),
  ...signInCases('GET', '/api/auth/verify'),
  ...bodyCases(
    'POST',
    '/api/auth/forgot-password',
    'visitor',
    { email: 'nobody@example.com' },
    { email: { required: true, wrong: 123, text: true } },
  ),
  row('GET', '/api/auth/verify-reset-token/:token', 'visitor', 'an unknown token', {
    path: `/api/auth/verify-reset-token/${randomUUID()}`,
    status: [400, 404],
  }),
  ...paramCases('GET', '/api/auth/verify-reset-token/:token', 'visitor', [400, 404]),
  ...bodyCases(
    'POST',
    '/api/auth/reset-password',
    'visitor',
    { token: randomUUID(), newPassword: 'secret456' },
    {
      token: { required: true, wrong: 123, text: true },
      newPassword: { required: true, wrong: 123456, text: true },
    },
  ),
  row('POST', '/api/auth/reset-password', 'visitor', 'an unknown token', {
    body: json({ token: randomUUID(), newPassword: 'secret456' }),
    status: [400, 404],
  }),
  ...signInCases('PUT', '/api/auth/change-password'),
  // The current password is wrong in every row, so no row can change it.
  ...bodyCases(
    'PUT',
    '/api/auth/change-password',
    'user',
    { currentPassword: 'not-my-password', newPassword: 'secret456' },
    {
      currentPassword: { required: true, wrong: 123, text: true },
      newPassword: { required: true, wrong: { value: 'secret456' }, text: true },
    },
  ),
  row('PUT', '/api/auth/change-password', 'user', 'a wrong current password', {
    body: json({ currentPassword: 'not-my-password', newPassword: 'secret456' }),
    status: [400, 401, 403],
  }),

  // Users (spec: Users).
  ...signInCases('GET', '/api/users/profile'),
  ...signInCases('PUT', '/api/users/profile'),
  ...bodyCases(
    'PUT',
    '/api/users/profile',
    'user',
    { firstName: 'Ka Ho', lossTolerance: 50, goals: ['income'] },
    {
      firstName: { wrong: 123, text: true },
      lossTolerance: { wrong: { value: 50 } },
      goals: { wrong: 42 },
    },
  ),
  row('PUT', '/api/users/profile', 'user', 'an unknown field', { body: json({ role: 'admin' }), status: INVALID }),
  row('PUT', '/api/users/profile', 'user', 'lossTolerance out of range', { body: json({ lossTolerance: 1e9 }), status: INVALID }),
  row('PUT', '/api/users/profile', 'user', 'an unknown goal', { body: json({ goals: ['lottery'] }), status: INVALID }),
  ...signInCases('GET', '/api/users/credits'),
  ...signInCases('POST', '/api/users/topup'),
  row('POST', '/api/users/topup', 'user', 'a user without a payment (Stripe is on)', { body: json({ amount: 10 }), status: FORBIDDEN }),
  ...bodyCases('POST', '/api/users/topup', 'admin', { amount: 10 }, { amount: { required: true, wrong: { value: 10 } } }),
  ...['-5', '0', '1.5', '1e12', '"10"', 'true', 'null', '[]'].map((amount) =>
    row('POST', '/api/users/topup', 'admin', `amount ${amount}`, { body: `{"amount": ${amount}}`, status: INVALID }),
  ),
  ...idempotencyKeyCases('POST', '/api/users/topup', 'admin', json({ amount: 1 })),
  ...signInCases('GET', '/api/users/stats'),
  ...signInCases('GET', '/api/users/analysis-history'),
  ...pagingCases('/api/users/analysis-history', 'user'),
  row('GET', '/api/users/analysis-history', 'user', 'an unknown status', {
    path: '/api/users/analysis-history?status=bogus',
    status: INVALID,
  }),
  ...textQueryCases('/api/users/analysis-history', 'symbol', 'user'),
  ...signInCases('GET', '/api/users/payments'),
  ...pagingCases('/api/users/payments', 'user'),
  ...signInCases('GET', '/api/users/credit-history'),
  ...pagingCases('/api/users/credit-history', 'user'),

  // Stocks and analysis (spec: Stocks and analysis).
  ...textQueryCases('/api/stocks', 'q', 'visitor'),
  ...['0', '-1', '1.5', '1e20', 'abc'].map((limit) =>
    row('GET', '/api/stocks', 'visitor', `limit=${limit}`, { path: `/api/stocks?q=AAPL&limit=${limit}`, status: INVALID }),
  ),
  row('GET', '/api/stocks/status/:symbol', 'visitor', 'an unknown symbol', { path: '/api/stocks/status/ZZZZZZ', status: NOT_FOUND }),
  ...paramCases('GET', '/api/stocks/status/:symbol', 'visitor', NO_SUCH),
  row('GET', '/api/stocks/:symbol', 'visitor', 'an unknown symbol', { path: '/api/stocks/ZZZZZZ', status: NOT_FOUND }),
  ...paramCases('GET', '/api/stocks/:symbol', 'visitor', NO_SUCH),
  ...signInCases('POST', '/api/analysis/analyze/:symbol', '/api/analysis/analyze/AAPL'),
  row('POST', '/api/analysis/analyze/:symbol', 'user', 'invalid JSON', {
    path: '/api/analysis/analyze/AAPL',
    body: '{"broken": ',
    status: INVALID,
  }),
  row('POST', '/api/analysis/analyze/:symbol', 'user', 'a JSON array instead of an object', {
    path: '/api/analysis/analyze/AAPL',
    body: '[]',
    status: INVALID,
  }),
  row('POST', '/api/analysis/analyze/:symbol', 'user', 'a JSON string instead of an object', {
    path: '/api/analysis/analyze/AAPL',
    body: '"AAPL"',
    status: INVALID,
  }),
  row('POST', '/api/analysis/analyze/:symbol', 'user', 'an unknown symbol', {
    path: '/api/analysis/analyze/ZZZZZZ',
    body: '{}',
    status: [404, 422],
  }),
  ...idempotencyKeyCases('POST', '/api/analysis/analyze/:symbol', 'user', '{}', '/api/analysis/analyze/AAPL'),
  ...paramCases('POST', '/api/analysis/analyze/:symbol', 'user', NO_SUCH, '{}'),
  ...bodyCases('POST', '/api/analyze-stocks', 'user', { symbol: 'ZZZZZZ' }, { symbol: { required: true, wrong: 123, text: true } }),
  ...signInCases('GET', '/api/analysis/:id', `/api/analysis/${randomUUID()}`),
  row('GET', '/api/analysis/:id', 'user', 'an unknown id', { path: `/api/analysis/${randomUUID()}`, status: NOT_FOUND }),
  row('GET', '/api/analysis/:id', 'user', 'an id that is not a uuid', { path: '/api/analysis/not-a-uuid', status: NO_SUCH }),
  ...paramCases('GET', '/api/analysis/:id', 'user', NO_SUCH),
  row('GET', '/api/analysis/:id/events', 'user', 'an unknown id', { path: `/api/analysis/${randomUUID()}/events`, status: NOT_FOUND }),
  row('GET', '/api/analysis/:id/events', 'user', 'an id that is not a uuid', { path: '/api/analysis/not-a-uuid/events', status: NO_SUCH }),
  ...paramCases('GET', '/api/analysis/:id/events', 'user', NO_SUCH),
  ...bodyCases(
    'POST',
    '/api/analyze-polling',
    'user',
    { analysis_id: randomUUID() },
    { analysis_id: { required: true, wrong: 123, text: true } },
  ),
  row('POST', '/api/analyze-polling', 'user', 'an unknown id', { body: json({ analysis_id: randomUUID() }), status: NOT_FOUND }),
  row('POST', '/api/analyze-polling', 'user', 'an id that is not a uuid', { body: json({ analysis_id: 'not-a-uuid' }), status: NO_SUCH }),

  // Subscriptions (spec: Subscriptions).
  ...signInCases('GET', '/api/subscriptions/current'),
  ...signInCases('POST', '/api/subscriptions/subscribe'),
  ...bodyCases(
    'POST',
    '/api/subscriptions/subscribe',
    'user',
    { planId: 'premium', billingCycle: 'monthly', autoRenewal: true, paymentMethodId: 'pm_card_visa' },
    {
      planId: { required: true, wrong: 123, text: true },
      billingCycle: { wrong: 12 },
      autoRenewal: { wrong: 'yes' },
      paymentMethodId: { wrong: 42, text: true },
    },
  ),
  // A good request but for its key: a key taken as it is would subscribe (and fail the later rows).
  ...idempotencyKeyCases(
    'POST',
    '/api/subscriptions/subscribe',
    'user',
    json({ planId: 'premium', billingCycle: 'monthly', paymentMethodId: 'pm_card_visa' }),
  ),
  row('POST', '/api/subscriptions/subscribe', 'user', 'an unknown billing cycle', {
    body: json({ planId: 'premium', billingCycle: 'weekly' }),
    status: INVALID,
  }),
  row('POST', '/api/subscriptions/subscribe', 'user', 'an unknown plan', {
    body: json({ planId: `plan-${randomUUID()}`, billingCycle: 'monthly', paymentMethodId: 'pm_card_visa' }),
    status: [400, 404],
  }),
  ...signInCases('POST', '/api/subscriptions/cancel'),
  row('POST', '/api/subscriptions/cancel', 'user', 'invalid JSON', { body: '{"broken": ', status: INVALID }),
  row('POST', '/api/subscriptions/cancel', 'user', 'a JSON array instead of an object', { body: '[true]', status: INVALID }),
  row('POST', '/api/subscriptions/cancel', 'user', 'immediate of the wrong type ("yes")', {
    body: json({ immediate: 'yes' }),
    status: INVALID,
  }),
  row('POST', '/api/subscriptions/cancel', 'user', 'no subscription to cancel', { body: json({ immediate: false }), status: [404, 409] }),
  ...signInCases('PUT', '/api/subscriptions/auto-renewal'),
  ...bodyCases(
    'PUT',
    '/api/subscriptions/auto-renewal',
    'user',
    { autoRenewal: false },
    { autoRenewal: { required: true, wrong: 'false' } },
  ),

  // Payments (spec: Payments) and Stripe's webhook.
  ...signInCases('POST', '/api/payments/create-payment-intent'),
  ...bodyCases(
    'POST',
    '/api/payments/create-payment-intent',
    'user',
    { packageType: `package-${randomUUID()}` },
    { packageType: { required: true, wrong: 5, text: true } },
  ),
  ...idempotencyKeyCases('POST', '/api/payments/create-payment-intent', 'user', json({ packageType: 'basic' })),
  row('POST', '/api/payments/create-payment-intent', 'user', 'an unknown package', {
    body: json({ packageType: `package-${randomUUID()}` }),
    status: [400, 404],
  }),
  ...signInCases('POST', '/api/payments/confirm-payment'),
  ...bodyCases(
    'POST',
    '/api/payments/confirm-payment',
    'user',
    { paymentIntentId: 'pi_unknown' },
    { paymentIntentId: { required: true, wrong: 5, text: true } },
  ),
  row('POST', '/api/payments/confirm-payment', 'user', 'an unknown payment intent', {
    body: json({ paymentIntentId: 'pi_unknown' }),
    status: [400, 404],
  }),
  row('POST', '/api/webhooks/stripe', 'visitor', 'an event without a signature', {
    body: json({ id: 'evt_1', type: 'payment_intent.succeeded', data: { object: {} } }),
    status: INVALID,
  }),
  row('POST', '/api/webhooks/stripe', 'visitor', 'an event with a forged signature', {
    body: json({ id: 'evt_1', type: 'payment_intent.succeeded' }),
    headers: { 'stripe-signature': 't=1,v1=00' },
    status: INVALID,
  }),
  row('POST', '/api/webhooks/stripe', 'visitor', 'invalid JSON without a signature', { body: '{"broken": ', status: INVALID }),

  // Blog (spec: Blog) and Ghost's webhooks.
  ...['/api/ghost/blog/search', '/api/ghost/search'].flatMap((search) => [
    ...textQueryCases(search, 'keywords', 'visitor'),
    ...pagingCases(search, 'visitor', ['limit']),
  ]),
  ...textQueryCases('/api/ghost/blog/tags', 'tags', 'visitor'),
  ...pagingCases('/api/ghost/blog/tags', 'visitor', ['limit']),
  ...pagingCases('/api/ghost/blog/posts', 'visitor'),
  row('GET', '/api/ghost/blog/posts/:slug', 'visitor', 'an unknown article', {
    path: '/api/ghost/blog/posts/no-such-article',
    status: NOT_FOUND,
  }),
  ...paramCases('GET', '/api/ghost/blog/posts/:slug', 'visitor', NO_SUCH),
  ...textQueryCases('/api/ghost/relevant-posts', 'productType', 'visitor'),
  ...pagingCases('/api/ghost/relevant-posts', 'visitor', ['limit']),
  ...paramCases('GET', '/api/ghost/blog/relevant/:topic', 'visitor', INVALID),
  row('GET', '/api/ghost/images/:file', 'visitor', 'an unknown image', { path: '/api/ghost/images/none.svg', status: NOT_FOUND }),
  ...paramCases('GET', '/api/ghost/images/:file', 'visitor', NO_SUCH),
  ...signInCases('GET', '/api/ghost/check-membership/:email', '/api/ghost/check-membership/a@example.com'),
  row('GET', '/api/ghost/check-membership/:email', 'user', 'not an e-mail address', {
    path: '/api/ghost/check-membership/not-an-email',
    status: INVALID,
  }),
  row('GET', '/api/ghost/check-membership/:email', 'user', "someone else's e-mail address", {
    path: '/api/ghost/check-membership/someone-else@example.com',
    status: FORBIDDEN,
  }),
  ...paramCases('GET', '/api/ghost/check-membership/:email', 'user', INVALID),
  ...signInCases('POST', '/api/ghost/sync-user'),
  ...bodyCases(
    'POST',
    '/api/ghost/sync-user',
    'user',
    { email: 'someone-else@example.com' },
    { email: { required: true, wrong: 123, text: true } },
  ),
  ...adminCases('GET', '/api/ghost/sync-logs'),
  ...pagingCases('/api/ghost/sync-logs', 'admin'),
  row('POST', '/api/ghost/webhook/member', 'visitor', 'a member event without a signature', {
    body: json({ member: { current: { email: 'a@example.com' } } }),
    status: UNAUTHENTICATED,
  }),
  row('POST', '/api/ghost/webhook/member', 'visitor', 'a member event with a forged signature', {
    body: json({ member: { current: { email: 'a@example.com' } } }),
    headers: { 'x-ghost-signature': 'sha256=00, t=1' },
    status: UNAUTHENTICATED,
  }),
  row('POST', '/api/ghost/webhook/member', 'user', "a user's token instead of a signature", {
    body: json({ member: { current: { email: 'a@example.com' } } }),
    status: UNAUTHENTICATED,
  }),
  ...bodyCases(
    'POST',
    '/api/ghost/webhook/member',
    'admin',
    { member: { email: 'member@example.com' } },
    { member: { required: true, wrong: 'member@example.com' } },
  ),
  row('POST', '/api/ghost/webhook/member', 'admin', 'a member without an e-mail address', {
    body: json({ member: { current: { name: 'A' } } }),
    status: INVALID,
  }),
  row('POST', '/api/ghost/webhook/post', 'visitor', 'a post event without a signature', {
    body: json({ post: { current: { id: 'x' } } }),
    status: UNAUTHENTICATED,
  }),
  row('POST', '/api/ghost/webhook/post', 'visitor', 'a post event with a forged signature', {
    body: json({ post: { current: { id: 'x' } } }),
    headers: { 'x-ghost-signature': 'sha256=00, t=1' },
    status: UNAUTHENTICATED,
  }),
  row('POST', '/api/ghost/webhook/post', 'admin', "an admin's token instead of a signature", {
    body: json({ post: { current: { id: 'x' } } }),
    status: UNAUTHENTICATED,
  }),

  // The admin area's activity log.
  ...adminCases('GET', '/api/admin/user-activities'),
  ...pagingCases('/api/admin/user-activities', 'admin'),
  ...adminCases('GET', '/api/admin/stats/daily'),
  ...['-1', '0', '1.5', '367', '1e20', 'abc', '%00'].map((days) =>
    row('GET', '/api/admin/stats/daily', 'admin', `days=${days}`, { path: `/api/admin/stats/daily?days=${days}`, status: INVALID }),
  ),
  ...adminCases('POST', '/api/admin/members/backfill'),
  row('GET', '/api/admin/no-such-thing', 'admin', 'a path the admin service does not have', { status: NOT_FOUND }),
];

/** The routes only a billing without a Stripe key has: the demo card processor's, and top-ups for everyone. */
const DEMO_ROWS: Row[] = [
  ...bodyCases(
    'POST',
    '/api/payments/demo/pay',
    'user',
    { paymentIntentId: 'pi_unknown', clientSecret: 'pi_unknown_secret', cardNumber: '4242424242424242' },
    {
      paymentIntentId: { required: true, wrong: 5, text: true },
      clientSecret: { required: true, wrong: 5, text: true },
      cardNumber: { required: true, wrong: 4242424242424242, text: true },
    },
  ),
  row('POST', '/api/payments/demo/pay', 'user', 'an unknown payment intent', {
    body: json({ paymentIntentId: 'pi_unknown', clientSecret: 'pi_unknown_secret', cardNumber: '4242424242424242' }),
    status: [400, 404],
  }),
  ...bodyCases(
    'POST',
    '/api/payments/demo/authenticate',
    'user',
    { paymentIntentId: 'pi_unknown', clientSecret: 'pi_unknown_secret' },
    {
      paymentIntentId: { required: true, wrong: 5, text: true },
      clientSecret: { required: true, wrong: 5, text: true },
    },
  ),
  row('POST', '/api/payments/demo/authenticate', 'user', 'an unknown payment intent', {
    body: json({ paymentIntentId: 'pi_unknown', clientSecret: 'pi_unknown_secret' }),
    status: [400, 404],
  }),
  ...bodyCases('POST', '/api/users/topup', 'user', { amount: 10 }, { amount: { required: true, wrong: '10' } }),
  ...['-5', '0', '1.5', '1e12', 'true', '[]'].map((amount) =>
    row('POST', '/api/users/topup', 'user', `amount ${amount}`, { body: `{"amount": ${amount}}`, status: INVALID }),
  ),
  ...idempotencyKeyCases('POST', '/api/users/topup', 'user', json({ amount: 1 })),
];

/** A stack frame (`at fn (file.ts:1:2)`, `at file.js:1:2`), SQL, or a driver's error. */
const STACK_FRAME = /\bat\s+(\S+\s+\()?[^\s()]+:\d+:\d+|node:internal|\/node_modules\//;
const SQL_TEXT =
  /\b(select|insert into|update|delete from)\b.*\b(from|where|set|values)\b|syntax error|violates|relation "|column "|invalid input syntax|invalid byte sequence|out of range for type|ECONNREFUSED|\bpg\b/i;

/** What is wrong with an answer to bad input; empty when it is a clear 4xx error. */
function problemsWith(r: Row, status: number, contentType: string | null, text: string): string[] {
  const problems: string[] = [];
  if (!r.status.includes(status)) problems.push(`status ${status}, expected ${r.status.join(' or ')}`);
  if (!contentType?.startsWith('application/json')) problems.push(`content-type ${contentType}`);
  let error: unknown;
  try {
    error = (JSON.parse(text) as { error?: unknown }).error;
  } catch {
    problems.push('body is not JSON');
  }
  if (typeof error !== 'string' || !error.trim()) problems.push('no error message');
  else {
    if (STACK_FRAME.test(error)) problems.push('error holds a stack frame');
    if (SQL_TEXT.test(error)) problems.push('error holds SQL or a driver message');
    if (error.length > 300) problems.push(`error is ${error.length} characters long`);
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    if (/[\u0000-\u0008\u000b-\u001f\u007f]/.test(error)) problems.push('error echoes control characters');
  }
  if (problems.length) problems.push(`body: ${text.slice(0, 400)}`);
  return problems;
}

/** Sends `r` through the gateway as the row's caller. */
async function send(gatewayUrl: string, tokens: Record<Who, string | undefined>, r: Row) {
  const headers: Record<string, string> = { ...r.headers };
  const token = tokens[r.who];
  if (token) headers.authorization = `Bearer ${token}`;
  if (r.body !== undefined) headers['content-type'] = r.contentType ?? 'application/json';
  return fetch(`${gatewayUrl}${r.path}`, { method: r.method, headers, body: r.body });
}

const testName = (r: Row) => [`${r.route}: ${r.case} (${r.who})`, r] as const;

describe('bad input on every API route, through the gateway', () => {
  let stripe: StripeStandIn;
  let ghost: GhostStandIn;
  let stack: WholeStack;
  const tokens: Record<Who, string | undefined> = { visitor: undefined, user: undefined, admin: undefined };

  beforeAll(async () => {
    [stripe, ghost] = await Promise.all([startStripeStandIn(), startGhostStandIn()]);
    stack = await startWholeStack({
      billing: {
        demoPayments: false,
        stripe: {
          secretKey: stripe.secretKey,
          webhookSecret: stripe.webhookSecret,
          publishableKey: stripe.publishableKey,
          apiBase: stripe.url,
        },
      },
      content: {
        ghost: {
          url: ghost.url,
          contentApiKey: ghost.contentApiKey,
          adminApiKey: ghost.adminApiKey,
          webhookSecret: 'ghost-webhook-secret',
          refreshIntervalMs: 60 * 60 * 1000,
          timeoutMs: 2000,
        },
      },
    });
    Object.assign(tokens, stack.tokens);
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
    await Promise.all([stripe?.close(), ghost?.close()]);
  });

  it('has a row for every route of the spec', () => {
    const routes = new Set(ROWS.map((r) => r.route));
    const spec = [
      'POST /api/auth/register',
      'POST /api/auth/login',
      'POST /api/auth/logout',
      'GET /api/auth/verify',
      'POST /api/auth/forgot-password',
      'GET /api/auth/verify-reset-token/:token',
      'POST /api/auth/reset-password',
      'PUT /api/auth/change-password',
      'GET /api/users/profile',
      'PUT /api/users/profile',
      'GET /api/users/credits',
      'POST /api/users/topup',
      'GET /api/users/stats',
      'GET /api/users/analysis-history',
      'GET /api/users/payments',
      'GET /api/stocks/status/:symbol',
      'POST /api/analysis/analyze/:symbol',
      'GET /api/analysis/:id',
      'GET /api/subscriptions/current',
      'POST /api/subscriptions/subscribe',
      'POST /api/subscriptions/cancel',
      'PUT /api/subscriptions/auto-renewal',
      'POST /api/payments/create-payment-intent',
      'POST /api/payments/confirm-payment',
      'GET /api/ghost/blog/search',
      'GET /api/ghost/blog/tags',
      'GET /api/ghost/blog/posts',
      'GET /api/ghost/relevant-posts',
      'GET /api/ghost/search',
    ];
    expect(spec.filter((r) => !routes.has(r))).toEqual([]);
  });

  it.each(ROWS.map(testName))('%s', async (_name, r) => {
    const res = await send(stack.gatewayUrl, tokens, r);
    expect(problemsWith(r, res.status, res.headers.get('content-type'), await res.text())).toEqual([]);
  });
});

describe('bad input with the demo card processor (no Stripe key), through the gateway', () => {
  const keys = generateRsaKeyPair();
  const exchange = `${uniqueName('bad_input_demo')}.events`;
  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bad-input-mail-'));
  const services: TestService[] = [];
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  const tokens: Record<Who, string | undefined> = { visitor: undefined, user: undefined, admin: undefined };

  beforeAll(async () => {
    const start = async (definition: Parameters<typeof startTestService>[0]) => {
      const service = await startTestService(definition, { keys, exchange });
      services.push(service);
      return service;
    };
    const [auth, billing] = await Promise.all([
      start(
        authService({
          tokenLifetimeSeconds: 3600,
          appUrl: 'http://localhost:8080',
          mail: { from: 'StockAI <no-reply@example.com>', outboxDir },
        }),
      ),
      start(billingService({ demoPayments: true })),
    ]);
    gateway = await startTestGateway({ publicKey: keys.publicKey, cache: auth.cache, upstreams: { auth: auth.url, billing: billing.url } });
    tokens.user = (await registerUser(gateway.url)).token;
  }, 120_000);

  afterAll(async () => {
    await gateway?.close();
    await Promise.all(services.map((service) => service.close()));
    await deleteAmqpTopology((await testInfra()).amqpUrl, exchange, []);
    fs.rmSync(outboxDir, { recursive: true, force: true });
  });

  it.each(DEMO_ROWS.map(testName))('%s', async (_name, r) => {
    const res = await send(gateway.url, tokens, r);
    expect(problemsWith(r, res.status, res.headers.get('content-type'), await res.text())).toEqual([]);
  });
});
