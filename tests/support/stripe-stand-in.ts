import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for Stripe's REST API, for the calls billing makes, so integration tests run
 * the real `stripe` SDK (pointed here with STRIPE_API_BASE) without a network: form-encoded
 * bodies with bracket notation, Idempotency-Key replays, Stripe's object and error shapes
 * (https://docs.stripe.com/api), state in memory. Test payment methods as Stripe's:
 * pm_card_visa (4242) pays, pm_card_chargeDeclined (0002) is declined,
 * pm_card_authenticationRequired (3184) requires authentication, which `authenticate`
 * completes as the browser would. A payment that succeeds has its charge, which refunds
 * (`POST /v1/refunds`, as from Stripe's dashboard) and disputes (`dispute`, as the cardholder's
 * bank opens them) take money back from. Every change records the event Stripe would send; the
 * test chooses which to deliver, how often and in which order, signed as Stripe signs them.
 */

type Card = 'visa' | 'declined' | 'authentication';
type Json = Record<string, unknown>;
type Form = { [key: string]: string | Form | Form[] | string[] };

const TEST_METHODS: Record<string, Card> = {
  pm_card_visa: 'visa',
  pm_card_chargeDeclined: 'declined',
  pm_card_authenticationRequired: 'authentication',
};
const LAST4: Record<Card, string> = { visa: '4242', declined: '0002', authentication: '3184' };

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String(body.message));
  }
}
const missing = (kind: string, id: string, param = 'id') =>
  new StripeError(404, { type: 'invalid_request_error', code: 'resource_missing', param, message: `No such ${kind}: '${id}'` });
const invalid = (param: string, message: string) =>
  new StripeError(400, { type: 'invalid_request_error', code: 'parameter_invalid', param, message });

/** Stripe's minimum charge amounts (minor units) for the currencies the tests use. */
const MINIMUM_CHARGE: Record<string, number> = { hkd: 400, usd: 50, eur: 50, gbp: 30 };
const belowMinimum = (amount: number, currency: string) =>
  amount > 0 && amount < (MINIMUM_CHARGE[currency] ?? 1)
    ? new StripeError(400, {
        type: 'invalid_request_error',
        code: 'amount_too_small',
        param: 'amount',
        message: `Amount must be at least ${((MINIMUM_CHARGE[currency] ?? 1) / 100).toFixed(2)} ${currency}`,
      })
    : undefined;

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** `a[b][0][c]=v` → `{ a: { b: [{ c: 'v' }] } }`, as Stripe reads its form bodies. */
export function parseStripeForm(body: string): Form {
  const root: Form = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Record<string, unknown> = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) {
        node[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(path[i + 1] as string);
      node[part] ??= nextIsIndex ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}

interface Intent extends Json {
  id: string;
  status: string;
  amount: number;
  invoice: string | null;
  payment_method: string | null;
}
interface Charge extends Json {
  id: string;
  amount: number;
  amount_refunded: number;
  currency: string;
  payment_intent: string;
  refunded: boolean;
  disputed: boolean;
  refunds: Json & { data: Refund[] };
}
interface Refund extends Json {
  id: string;
  amount: number;
  status: string;
}
interface Dispute extends Json {
  id: string;
  status: string;
  charge: string;
}
interface Subscription extends Json {
  id: string;
  status: string;
  customer: string;
  cancel_at_period_end: boolean;
  latest_invoice: string;
  default_payment_method: string;
  metadata: Record<string, string>;
  items: Json & {
    data: Array<
      Json & {
        current_period_start: number;
        current_period_end: number;
        price: Json & { unit_amount: number; currency: string; recurring: { interval: string } };
      }
    >;
  };
}
interface Invoice extends Json {
  id: string;
  status: string;
  payments: Json & { data: Array<Json & { status: string; payment: { type: string; payment_intent: string } }> };
}

export interface StripeStandIn {
  url: string;
  secretKey: string;
  webhookSecret: string;
  publishableKey: string;
  /** Every event Stripe would have sent, oldest first. */
  events: Stripe.Event[];
  /** The events of `type` about `objectId` (the event's object id, for invoices their subscription, for charges, refunds and disputes their payment intent). */
  eventsFor(type: string, objectId: string): Stripe.Event[];
  /** Signs and POSTs `event` to `url` as Stripe's webhook delivery does. */
  deliver(url: string, event: Stripe.Event, options?: { secret?: string }): Promise<{ status: number; body: Json }>;
  /** The card's authentication (3-D Secure) of a payment intent that requires it succeeds. */
  authenticate(paymentIntentId: string): void;
  /** The cardholder's bank disputes the payment intent's charge (a chargeback): Stripe takes the money back. */
  dispute(paymentIntentId: string): { disputeId: string };
  /** Stripe's decision on a dispute: won gives the money back, lost keeps it with the cardholder. */
  closeDispute(disputeId: string, outcome: 'won' | 'lost'): void;
  /** Stripe's renewal of a subscription at its period end: the next period and its invoice, paid or not (past_due). */
  renew(subscriptionId: string, outcome?: 'paid' | 'failed'): { invoiceId: string };
  subscription(id: string): Subscription | undefined;
  /** API requests received, for assertions on what billing sent. */
  requests: Array<{ method: string; path: string; form: Form; idempotencyKey?: string }>;
  close(): Promise<void>;
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const intents = new Map<string, Intent>();
  const customers = new Map<string, Json>();
  const products = new Map<string, Json>();
  const methods = new Map<string, Json & { customer: string | null; card: Card }>();
  const subscriptions = new Map<string, Subscription>();
  const invoices = new Map<string, Invoice>();
  const charges = new Map<string, Charge>();
  const refunds = new Map<string, Refund>();
  const disputes = new Map<string, Dispute>();
  const idempotent = new Map<string, { fingerprint: string; status: number; body: Json }>();
  const events: Stripe.Event[] = [];
  const requests: StripeStandIn['requests'] = [];

  const emit = (type: string, object: Json, previous?: Json) => {
    events.push({
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: seconds(new Date()),
      data: { object: clone(object), ...(previous ? { previous_attributes: previous } : {}) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    } as unknown as Stripe.Event);
  };

  const find = <T>(map: Map<string, T>, kind: string, id: string, param?: string): T => {
    const found = map.get(id);
    if (!found) throw missing(kind, id, param);
    return found;
  };

  /** The intent succeeded: its charge, the money refunds and disputes take back from. */
  function succeed(intent: Intent) {
    const id = newId('ch');
    const chargeObject: Charge = {
      id,
      object: 'charge',
      amount: intent.amount,
      amount_captured: intent.amount,
      amount_refunded: 0,
      currency: String(intent.currency),
      payment_intent: intent.id,
      status: 'succeeded',
      paid: true,
      captured: true,
      refunded: false,
      disputed: false,
      metadata: clone(intent.metadata) as Json,
      refunds: { object: 'list', data: [], has_more: false, url: `/v1/charges/${id}/refunds` },
      created: seconds(new Date()),
      livemode: false,
    };
    charges.set(id, chargeObject);
    Object.assign(intent, {
      status: 'succeeded',
      last_payment_error: null,
      next_action: null,
      latest_charge: id,
      amount_received: intent.amount,
    });
    emit('charge.succeeded', withoutRefunds(chargeObject));
  }

  /** A charge as Stripe answers it: its refunds only when asked for (`expand[]=refunds`). */
  const withoutRefunds = (c: Charge, expand: string[] = []) => {
    const out = clone(c) as Json;
    if (!expand.includes('refunds')) delete out.refunds;
    return out;
  };

  function refund(form: Form): Refund {
    const intentId = form.payment_intent as string | undefined;
    const chargeId =
      (form.charge as string | undefined) ??
      (intentId ? (find(intents, 'payment_intent', intentId, 'payment_intent').latest_charge as string | null) : undefined);
    if (!intentId && !form.charge) {
      throw new StripeError(400, {
        type: 'invalid_request_error',
        code: 'parameter_missing',
        message: 'One of the following params should be provided for this request: payment_intent or charge.',
      });
    }
    if (!chargeId)
      throw new StripeError(400, {
        type: 'invalid_request_error',
        code: 'charge_not_refundable',
        param: 'payment_intent',
        message: `This PaymentIntent (${intentId}) does not have a successful charge to refund.`,
      });
    const c = find(charges, 'charge', chargeId, 'charge');
    if (c.disputed)
      throw new StripeError(400, {
        type: 'invalid_request_error',
        code: 'charge_disputed',
        message: `Charge ${c.id} has been charged back; cannot issue a refund.`,
      });
    const left = c.amount - c.amount_refunded;
    if (left === 0)
      throw new StripeError(400, {
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: `Charge ${c.id} has already been refunded.`,
      });
    const amount = form.amount === undefined ? left : Number(form.amount);
    if (!Number.isInteger(amount) || amount < 1) throw invalid('amount', 'Invalid positive integer');
    if (amount > left) throw invalid('amount', `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`);
    const r: Refund = {
      id: newId('re'),
      object: 'refund',
      amount,
      charge: c.id,
      payment_intent: c.payment_intent,
      currency: c.currency,
      status: 'succeeded',
      reason: form.reason ?? null,
      metadata: form.metadata ?? {},
      created: seconds(new Date()),
    };
    refunds.set(r.id, r);
    c.refunds.data.unshift(r);
    Object.assign(c, { amount_refunded: c.amount_refunded + amount, refunded: c.amount_refunded + amount === c.amount });
    emit('refund.created', r);
    emit('charge.refunded', withoutRefunds(c));
    return r;
  }

  /** The stand-in's answer to charging `method` for `intent` (Stripe's test-card outcomes). */
  function charge(intent: Intent, methodId: string) {
    const card = TEST_METHODS[methodId] ?? methods.get(methodId)?.card;
    if (!card) throw missing('payment_method', methodId, 'payment_method');
    intent.payment_method = methodId;
    if (card === 'visa') {
      succeed(intent);
    } else if (card === 'authentication') {
      Object.assign(intent, { status: 'requires_action', next_action: { type: 'use_stripe_sdk', use_stripe_sdk: {} } });
    } else {
      Object.assign(intent, {
        status: 'requires_payment_method',
        last_payment_error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'generic_decline',
          message: 'Your card was declined.',
        },
      });
    }
    return card;
  }

  function createIntent(amount: number, currency: string, metadata: Json, invoice: string | null): Intent {
    const id = newId('pi');
    const intent: Intent = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency,
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      metadata,
      last_payment_error: null,
      next_action: null,
      canceled_at: null,
      cancellation_reason: null,
      payment_method: null,
      latest_charge: null,
      automatic_payment_methods: { enabled: true },
      invoice,
      created: seconds(new Date()),
      livemode: false,
    };
    intents.set(id, intent);
    return intent;
  }

  const addInterval = (from: number, interval: string) => {
    const d = new Date(from * 1000);
    if (interval === 'year') d.setUTCFullYear(d.getUTCFullYear() + 1);
    else d.setUTCMonth(d.getUTCMonth() + 1);
    return seconds(d);
  };

  /** A subscription's invoice for the period [start, end), charged to its default payment method. */
  function invoiceFor(
    sub: Subscription,
    reason: 'subscription_create' | 'subscription_cycle',
    start: number,
    end: number,
  ): { invoice: Invoice; intent: Intent; card: Card } {
    const price = sub.items.data[0]?.price as Subscription['items']['data'][number]['price'];
    const id = newId('in');
    const intent = createIntent(price.unit_amount, price.currency, {}, id);
    const card = charge(intent, sub.default_payment_method);
    const paid = card === 'visa';
    const invoice: Invoice = {
      id,
      object: 'invoice',
      customer: sub.customer,
      status: paid ? 'paid' : 'open',
      billing_reason: reason,
      amount_due: price.unit_amount,
      amount_paid: paid ? price.unit_amount : 0,
      amount_remaining: paid ? 0 : price.unit_amount,
      currency: price.currency,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: sub.id, metadata: clone(sub.metadata) },
      },
      lines: {
        object: 'list',
        has_more: false,
        url: `/v1/invoices/${id}/lines`,
        data: [{ id: newId('il'), object: 'line_item', amount: price.unit_amount, currency: price.currency, period: { start, end } }],
      },
      payments: {
        object: 'list',
        has_more: false,
        url: '/v1/invoice_payments',
        data: [
          {
            id: newId('inpay'),
            object: 'invoice_payment',
            invoice: id,
            status: paid ? 'paid' : 'open',
            payment: { type: 'payment_intent', payment_intent: intent.id },
          },
        ],
      },
      confirmation_secret: { type: 'payment_intent', client_secret: intent.client_secret },
      last_finalization_error: null,
      created: seconds(new Date()),
      livemode: false,
    };
    invoices.set(id, invoice);
    sub.latest_invoice = id;
    return { invoice, intent, card };
  }

  function payInvoice(invoice: Invoice) {
    const payment = invoice.payments.data[0];
    Object.assign(invoice, { status: 'paid', amount_paid: invoice.amount_due, amount_remaining: 0 });
    if (payment) payment.status = 'paid';
  }

  const expandSubscription = (sub: Subscription, expand: string[]) => {
    const out = clone(sub) as Json;
    if (expand.some((e) => e.startsWith('latest_invoice'))) out.latest_invoice = clone(invoices.get(sub.latest_invoice));
    return out;
  };

  const routes: Array<[string, RegExp, (m: string[], form: Form) => Json]> = [
    [
      'POST',
      /^\/v1\/payment_intents$/,
      (_m, form) => {
        const amount = Number(form.amount);
        if (!Number.isInteger(amount) || amount < 1) throw invalid('amount', 'Invalid integer');
        if (typeof form.currency !== 'string')
          throw new StripeError(400, {
            type: 'invalid_request_error',
            code: 'parameter_missing',
            param: 'currency',
            message: 'Missing required param: currency.',
          });
        const tooSmall = belowMinimum(amount, form.currency);
        if (tooSmall) throw tooSmall;
        const intent = createIntent(amount, form.currency, (form.metadata as Json) ?? {}, null);
        emit('payment_intent.created', intent);
        return intent;
      },
    ],
    ['GET', /^\/v1\/payment_intents\/([^/]+)$/, ([id]) => find(intents, 'payment_intent', id as string, 'intent')],
    [
      'POST',
      /^\/v1\/payment_intents\/([^/]+)\/confirm$/,
      ([id], form) => {
        const intent = find(intents, 'payment_intent', id as string, 'intent');
        if (intent.status === 'succeeded') {
          throw new StripeError(400, {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: 'This PaymentIntent has already succeeded.',
            payment_intent: clone(intent),
          });
        }
        const card = charge(intent, String(form.payment_method ?? intent.payment_method ?? ''));
        if (card === 'visa') emit('payment_intent.succeeded', intent);
        if (card === 'declined') {
          emit('payment_intent.payment_failed', intent);
          throw new StripeError(402, { ...(intent.last_payment_error as Json), payment_intent: clone(intent) });
        }
        return intent;
      },
    ],
    [
      'POST',
      /^\/v1\/payment_intents\/([^/]+)\/cancel$/,
      ([id], form) => {
        const intent = find(intents, 'payment_intent', id as string, 'intent');
        const cancelable = ['requires_payment_method', 'requires_capture', 'requires_confirmation', 'requires_action', 'processing'];
        if (!cancelable.includes(intent.status)) {
          throw new StripeError(400, {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${cancelable.join(', ')}.`,
            payment_intent: clone(intent),
          });
        }
        Object.assign(intent, {
          status: 'canceled',
          canceled_at: seconds(new Date()),
          cancellation_reason: form.cancellation_reason ?? null,
        });
        emit('payment_intent.canceled', intent);
        return intent;
      },
    ],
    [
      'POST',
      /^\/v1\/customers$/,
      (_m, form) => {
        const customer = {
          id: newId('cus'),
          object: 'customer',
          metadata: form.metadata ?? {},
          invoice_settings: { default_payment_method: null },
          created: seconds(new Date()),
          livemode: false,
        };
        customers.set(customer.id, customer);
        return customer;
      },
    ],
    [
      'POST',
      /^\/v1\/products$/,
      (_m, form) => {
        const product = {
          id: newId('prod'),
          object: 'product',
          active: true,
          name: form.name,
          metadata: form.metadata ?? {},
          created: seconds(new Date()),
          livemode: false,
        };
        products.set(product.id, product);
        return product;
      },
    ],
    [
      'POST',
      /^\/v1\/payment_methods\/([^/]+)\/attach$/,
      ([id], form) => {
        const card = TEST_METHODS[id as string] ?? methods.get(id as string)?.card;
        if (!card) throw missing('PaymentMethod', id as string, 'payment_method');
        const customer = String(form.customer);
        find(customers, 'customer', customer, 'customer');
        // Attaching one of Stripe's test methods gives a new payment method, as Stripe does.
        const method = {
          id: newId('pm'),
          object: 'payment_method',
          type: 'card',
          card,
          customer,
          created: seconds(new Date()),
          livemode: false,
        };
        methods.set(method.id, method);
        return { ...method, card: { brand: 'visa', last4: LAST4[card], exp_month: 12, exp_year: 2034 } };
      },
    ],
    [
      'POST',
      /^\/v1\/subscriptions$/,
      (_m, form) => {
        const customer = String(form.customer);
        find(customers, 'customer', customer, 'customer');
        const methodId = String(form.default_payment_method ?? '');
        const method = methods.get(methodId);
        if (!method || method.customer !== customer)
          throw invalid('default_payment_method', 'The customer does not have a payment method with the ID ' + methodId);
        const item = ((form.items as Form[]) ?? [])[0]?.price_data as Form | undefined;
        if (!item || !products.has(String(item.product))) throw invalid('items', 'Each item needs price_data with an existing product');
        const tooSmall = belowMinimum(Number(item.unit_amount), String(item.currency));
        if (tooSmall) throw tooSmall;
        const interval = String((item.recurring as Form).interval);
        const start = seconds(new Date());
        const end = addInterval(start, interval);
        const sub: Subscription = {
          id: newId('sub'),
          object: 'subscription',
          customer,
          status: 'incomplete',
          cancel_at_period_end: form.cancel_at_period_end === 'true',
          canceled_at: null,
          default_payment_method: methodId,
          metadata: (form.metadata as Record<string, string>) ?? {},
          latest_invoice: '',
          items: {
            object: 'list',
            has_more: false,
            url: '/v1/subscription_items',
            data: [
              {
                id: newId('si'),
                object: 'subscription_item',
                quantity: 1,
                current_period_start: start,
                current_period_end: end,
                price: {
                  id: newId('price'),
                  object: 'price',
                  currency: String(item.currency),
                  unit_amount: Number(item.unit_amount),
                  product: String(item.product),
                  recurring: { interval },
                },
              },
            ],
          },
          created: start,
          livemode: false,
        } as Subscription;
        subscriptions.set(sub.id, sub);
        const { invoice, intent, card } = invoiceFor(sub, 'subscription_create', start, end);
        if (card === 'visa') sub.status = 'active';
        emit('customer.subscription.created', sub);
        if (card === 'visa') {
          emit('payment_intent.succeeded', intent);
          emit('invoice.paid', invoice);
        } else if (card === 'authentication') {
          emit('invoice.payment_action_required', invoice);
        } else {
          emit('payment_intent.payment_failed', intent);
          emit('invoice.payment_failed', invoice);
        }
        return expandSubscription(sub, (form.expand as string[]) ?? []);
      },
    ],
    [
      'GET',
      /^\/v1\/subscriptions\/([^/]+)$/,
      ([id], form) => expandSubscription(find(subscriptions, 'subscription', id as string), (form.expand as string[]) ?? []),
    ],
    [
      'POST',
      /^\/v1\/subscriptions\/([^/]+)$/,
      ([id], form) => {
        const sub = find(subscriptions, 'subscription', id as string);
        if (sub.status === 'canceled')
          throw invalid('subscription', 'A canceled subscription can only update its cancellation_details and metadata.');
        if (form.cancel_at_period_end !== undefined) {
          const previous = { cancel_at_period_end: sub.cancel_at_period_end };
          sub.cancel_at_period_end = form.cancel_at_period_end === 'true';
          emit('customer.subscription.updated', sub, previous);
        }
        return expandSubscription(sub, (form.expand as string[]) ?? []);
      },
    ],
    [
      'DELETE',
      /^\/v1\/subscriptions\/([^/]+)$/,
      ([id]) => {
        const sub = find(subscriptions, 'subscription', id as string);
        if (sub.status === 'canceled') throw invalid('subscription', `No such subscription: '${sub.id}'; it has been canceled`);
        Object.assign(sub, { status: 'canceled', canceled_at: seconds(new Date()) });
        emit('customer.subscription.deleted', sub);
        return sub;
      },
    ],
    ['GET', /^\/v1\/invoices\/([^/]+)$/, ([id]) => find(invoices, 'invoice', id as string)],
    [
      'GET',
      /^\/v1\/invoice_payments$/,
      (_m, form) => {
        const wanted = (form.payment as Form | undefined)?.payment_intent;
        const data = [...invoices.values()].flatMap((inv) =>
          inv.payments.data.filter((p) => !wanted || p.payment.payment_intent === wanted),
        );
        return { object: 'list', url: '/v1/invoice_payments', has_more: false, data };
      },
    ],
    [
      'GET',
      /^\/v1\/charges\/([^/]+)$/,
      ([id], form) => withoutRefunds(find(charges, 'charge', id as string), (form.expand as string[]) ?? []),
    ],
    ['POST', /^\/v1\/refunds$/, (_m, form) => refund(form)],
    ['GET', /^\/v1\/refunds\/([^/]+)$/, ([id]) => find(refunds, 'refund', id as string)],
    ['GET', /^\/v1\/disputes\/([^/]+)$/, ([id]) => find(disputes, 'dispute', id as string)],
  ];

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const method = req.method ?? 'GET';
      const raw = method === 'GET' || method === 'DELETE' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8');
      const form = parseStripeForm(raw);
      const key = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method, path: url.pathname, form, idempotencyKey: key });
      const send = (status: number, body: Json, replayed = false) => {
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': newId('req'),
          ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
        });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****' } });
        return;
      }
      const fingerprint = createHash('sha256').update(`${method} ${url.pathname} ${raw}`).digest('hex');
      const earlier = key && method === 'POST' ? idempotent.get(key) : undefined;
      if (earlier) {
        if (earlier.fingerprint !== fingerprint) {
          send(400, {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            },
          });
        } else {
          send(earlier.status, earlier.body, true);
        }
        return;
      }
      const route = routes.find(([m, pattern]) => m === method && pattern.test(url.pathname));
      let status = 200;
      let body: Json;
      if (!route) {
        status = 404;
        body = { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${url.pathname}).` } };
      } else {
        try {
          body = clone(route[2](url.pathname.match(route[1])?.slice(1) ?? [], form));
        } catch (err) {
          if (!(err instanceof StripeError)) throw err;
          status = err.status;
          body = { error: err.body };
        }
      }
      if (key && method === 'POST') idempotent.set(key, { fingerprint, status, body });
      send(status, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    secretKey,
    webhookSecret,
    publishableKey: `pk_test_${randomBytes(12).toString('hex')}`,
    events,
    requests,
    eventsFor(type, objectId) {
      return events.filter((e) => {
        if (e.type !== type) return false;
        const object = e.data.object as unknown as Json & {
          payment_intent?: string;
          parent?: { subscription_details?: { subscription?: string } };
        };
        return (
          object.id === objectId || object.payment_intent === objectId || object.parent?.subscription_details?.subscription === objectId
        );
      });
    },
    async deliver(target, event, options = {}) {
      const payload = JSON.stringify(event, null, 2);
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? webhookSecret });
      const res = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
        body: payload,
      });
      return { status: res.status, body: (await res.json()) as Json };
    },
    authenticate(paymentIntentId) {
      const intent = find(intents, 'payment_intent', paymentIntentId);
      if (intent.status !== 'requires_action') throw new Error(`${paymentIntentId} does not require action (${intent.status})`);
      succeed(intent);
      emit('payment_intent.succeeded', intent);
      const invoice = intent.invoice ? invoices.get(intent.invoice) : undefined;
      if (!invoice) return;
      payInvoice(invoice);
      emit('invoice.paid', invoice);
      const sub = subscriptions.get(
        (invoice.parent as { subscription_details: { subscription: string } }).subscription_details.subscription,
      );
      if (sub?.status === 'incomplete') {
        sub.status = 'active';
        emit('customer.subscription.updated', sub, { status: 'incomplete' });
      }
    },
    dispute(paymentIntentId) {
      const intent = find(intents, 'payment_intent', paymentIntentId);
      const c = find(charges, 'charge', String(intent.latest_charge ?? ''));
      const d: Dispute = {
        id: newId('dp'),
        object: 'dispute',
        amount: c.amount - c.amount_refunded,
        currency: c.currency,
        charge: c.id,
        payment_intent: c.payment_intent,
        reason: 'fraudulent',
        status: 'needs_response',
        created: seconds(new Date()),
        livemode: false,
      };
      disputes.set(d.id, d);
      c.disputed = true;
      emit('charge.dispute.created', d);
      return { disputeId: d.id };
    },
    closeDispute(disputeId, outcome) {
      const d = find(disputes, 'dispute', disputeId);
      d.status = outcome;
      emit('charge.dispute.closed', d);
    },
    renew(subscriptionId, outcome = 'paid') {
      const sub = find(subscriptions, 'subscription', subscriptionId);
      const item = sub.items.data[0] as Subscription['items']['data'][number];
      const start = item.current_period_end;
      const end = addInterval(start, item.price.recurring.interval);
      if (outcome === 'failed') sub.default_payment_method = 'pm_card_chargeDeclined';
      const { invoice, intent } = invoiceFor(sub, 'subscription_cycle', start, end);
      const previous = { status: sub.status, items: clone(sub.items) };
      // Stripe moves the subscription into its new period at the renewal, paid or not.
      Object.assign(item, { current_period_start: start, current_period_end: end });
      if (outcome === 'paid') {
        sub.status = 'active';
        emit('invoice.paid', invoice);
      } else {
        sub.status = 'past_due';
        emit('payment_intent.payment_failed', intent);
        emit('invoice.payment_failed', invoice);
      }
      emit('customer.subscription.updated', sub, previous);
      return { invoiceId: invoice.id };
    },
    subscription: (id) => subscriptions.get(id),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
