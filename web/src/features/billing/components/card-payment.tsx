import { Suspense, lazy, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner/spinner';
import { usePaymentConfig } from '../api/get-payment-config';
import type { CardFormProps } from '../types/purchase';
import { DemoCardForm } from './demo-card-form';
import { FormMessage } from '@/components/ui/form-message/form-message';

// Stripe.js and its React bindings load only when the billing service uses Stripe.
const StripeCardForm = lazy(() => import('./stripe-card-form'));

/** The card form of the processor the billing service uses: the local demo form or Stripe's Payment Element. */
export function CardPayment({ item, ...form }: CardFormProps & { item: string }) {
  const { t } = useTranslation();
  const { data: config, isError } = usePaymentConfig();
  const sectionRef = useRef<HTMLElement>(null);

  // The form opens below the cards; on a phone it would be out of sight without this.
  useEffect(() => {
    sectionRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, []);

  return (
    <section ref={sectionRef} className="ui-stack ui-stack--3 card-payment" aria-label={t('billing.card.title')}>
      <h3 className="card-payment__title">{t('billing.card.title')}</h3>
      <p className="card-payment__item">{t('billing.card.paying', { item })}</p>
      {!config && !isError && <Spinner label={t('billing.card.loadingForm')} />}
      {!config && isError && <FormMessage>{t('billing.errors.initPayment')}</FormMessage>}
      {config?.processor === 'demo' && <DemoCardForm {...form} />}
      {config?.processor === 'stripe' && config.publishableKey && (
        <Suspense fallback={<Spinner label={t('billing.card.loadingForm')} />}>
          <StripeCardForm publishableKey={config.publishableKey} {...form} />
        </Suspense>
      )}
      <p className="card-payment__secure">{t('billing.card.secure')}</p>
    </section>
  );
}
