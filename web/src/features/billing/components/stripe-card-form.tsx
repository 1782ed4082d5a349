import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Appearance, type Stripe } from '@stripe/stripe-js';
import type { CardFormProps, PurchaseOrder, PurchaseOutcome } from '../types/purchase';
import { AttemptKeys } from '../utils/attempt-keys';
import { PurchaseError } from '../utils/purchase-errors';
import { finishPackagePayment, subscribeToPlan, subscriptionAfterAuthentication } from '../utils/purchase-steps';
import { PaymentError } from './payment-error';
import { FormMessage } from '@/components/ui/form-message/form-message';

/** Stripe's own texts (card errors included) in Traditional Chinese as used in Hong Kong. */
const LOCALE = 'zh-HK';
const APPEARANCE: Appearance = { theme: 'stripe', variables: { colorPrimary: '#1d5bd8', borderRadius: '10px' } };

const stripes = new Map<string, Promise<Stripe | null>>();
/** Stripe.js once per key; null when it cannot be loaded (offline, blocked by an extension). */
const stripeFor = (publishableKey: string) => {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey, { locale: LOCALE }).catch((error: unknown) => {
      console.error('Failed to load Stripe.js', error);
      stripes.delete(publishableKey);
      return null;
    });
    stripes.set(publishableKey, stripe);
  }
  return stripe;
};

/** Money in the smallest unit, as Stripe counts it (HK$78.00 → 7800). */
const minorUnits = (amount: number) => Math.round(amount * 100);

/**
 * Stripe's Payment Element (card, Apple Pay, Google Pay). A package is paid by confirming its
 * payment intent; a plan collects a payment method first (deferred intent), subscribes with it
 * and completes the card's authentication step when the first invoice asks for one.
 */
export default function StripeCardForm({ publishableKey, ...form }: CardFormProps & { publishableKey: string }) {
  const { t } = useTranslation();
  const stripe = stripeFor(publishableKey);
  const { order } = form;
  const [unavailable, setUnavailable] = useState(false);

  useEffect(() => {
    let live = true;
    void stripe.then((loaded) => {
      if (live && !loaded) setUnavailable(true);
    });
    return () => {
      live = false;
    };
  }, [stripe]);

  if (unavailable) {
    return <FormMessage>{t('billing.errors.initPayment')}</FormMessage>;
  }

  if (order.kind === 'package') {
    if (!order.intent) {
      return (
        <button type="button" className="btn btn--primary btn--lg btn--block" disabled>
          {t('billing.card.preparing')}
        </button>
      );
    }
    return (
      <Elements
        key={order.intent.clientSecret}
        stripe={stripe}
        options={{ clientSecret: order.intent.clientSecret, locale: LOCALE, appearance: APPEARANCE }}
      >
        <StripeForm {...form} />
      </Elements>
    );
  }
  return (
    <Elements
      stripe={stripe}
      options={{
        mode: 'subscription',
        amount: minorUnits(order.price.amount),
        currency: order.price.currency.toLowerCase(),
        paymentMethodCreation: 'manual',
        locale: LOCALE,
        appearance: APPEARANCE,
      }}
    >
      <StripeForm {...form} />
    </Elements>
  );
}

function StripeForm({ order, submitLabel, onPaid }: CardFormProps) {
  const { t } = useTranslation();
  const stripe = useStripe();
  const elements = useElements();
  const [elementReady, setElementReady] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [attempts] = useState(() => new AttemptKeys());
  const ready = stripe !== null && elements !== null && elementReady;

  const pay = async (): Promise<PurchaseOutcome> => {
    if (!stripe || !elements) throw new PurchaseError('billing.errors.initPayment');
    return order.kind === 'package' ? payPackage(stripe, elements, order) : payPlan(stripe, elements, order, attempts);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!ready || processing) return;
    setProcessing(true);
    setFailure(null);
    try {
      onPaid(await pay());
    } catch (error) {
      setFailure(error);
    } finally {
      setProcessing(false);
    }
  };

  return (
    <form className="ui-stack ui-stack--3 card-form" onSubmit={(event) => void onSubmit(event)}>
      <PaymentElement onReady={() => setElementReady(true)} />
      {failure !== null && <PaymentError error={failure} />}
      <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={processing || !ready}>
        {processing ? t('billing.card.processing') : submitLabel}
      </button>
    </form>
  );
}

type Elements = NonNullable<ReturnType<typeof useElements>>;

async function payPackage(
  stripe: Stripe,
  elements: Elements,
  order: Extract<PurchaseOrder, { kind: 'package' }>,
): Promise<PurchaseOutcome> {
  const { error, paymentIntent } = await stripe.confirmPayment({ elements, redirect: 'if_required' });
  if (error) throw new PurchaseError(null, error.message ?? undefined);
  return finishPackagePayment(order, paymentIntent?.id ?? order.intent?.paymentIntentId ?? '');
}

async function payPlan(
  stripe: Stripe,
  elements: Elements,
  order: Extract<PurchaseOrder, { kind: 'plan' }>,
  attempts: AttemptKeys,
): Promise<PurchaseOutcome> {
  const submitted = await elements.submit();
  if (submitted.error) throw new PurchaseError(null, submitted.error.message ?? undefined);
  const { error, paymentMethod } = await stripe.createPaymentMethod({ elements });
  if (error) throw new PurchaseError(null, error.message ?? undefined);
  const result = await subscribeToPlan(order, paymentMethod.id, attempts);
  if (result.kind === 'active') return { kind: 'subscription', current: result.current };
  const next = await stripe.handleNextAction({ clientSecret: result.clientSecret });
  if (next.error) throw new PurchaseError(null, next.error.message ?? undefined);
  return subscriptionAfterAuthentication();
}
