import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/text-field/text-field';
import { confirmPayment } from '../api/confirm-payment';
import { authenticateDemoPayment, payWithDemoCard } from '../api/demo-card';
import type { CardFormProps, PurchaseOutcome } from '../types/purchase';
import { AttemptKeys } from '../utils/attempt-keys';
import { cardDigits, formatCardNumber, formatExpiry, isCardNumber, isCvc, isUnexpired } from '../utils/card-details';
import { PurchaseError, cardErrorOf } from '../utils/purchase-errors';
import { finishPackagePayment, subscribeToPlan, subscriptionAfterAuthentication } from '../utils/purchase-steps';
import { PaymentError } from './payment-error';
import { FormMessage } from '@/components/ui/form-message/form-message';

type Field = 'number' | 'expiry' | 'cvc';

/** The card step that needs the bank's authentication, and what to complete it with. */
interface PendingAuthentication {
  paymentIntentId: string;
  clientSecret: string;
}

/**
 * The demo processor's card form: what Stripe's Payment Element does, against the billing
 * service's demo endpoints and its test cards, including the 3-D Secure authentication step.
 */
export function DemoCardForm({ order, submitLabel, onPaid }: CardFormProps) {
  const { t } = useTranslation();
  const idPrefix = useId();
  const [values, setValues] = useState<Record<Field, string>>({ number: '', expiry: '', cvc: '' });
  const [invalid, setInvalid] = useState<Field | null>(null);
  const [processing, setProcessing] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [pending, setPending] = useState<PendingAuthentication | null>(null);
  const [attempts] = useState(() => new AttemptKeys());
  const id = (field: Field) => `${idPrefix}-${field}`;

  // A package is paid through its intent, so the button waits for the client secret.
  const ready = order.kind === 'plan' || order.intent !== null;

  const run = async (step: () => Promise<PurchaseOutcome | 'authenticate'>) => {
    setProcessing(true);
    setFailure(null);
    try {
      const outcome = await step();
      if (outcome !== 'authenticate') onPaid(outcome);
    } catch (error) {
      setFailure(error);
    } finally {
      setProcessing(false);
    }
  };

  const validate = (): Field | null => {
    if (!isCardNumber(values.number)) return 'number';
    if (!isUnexpired(values.expiry)) return 'expiry';
    if (!isCvc(values.cvc)) return 'cvc';
    return null;
  };

  const pay = async (): Promise<PurchaseOutcome | 'authenticate'> => {
    const cardNumber = cardDigits(values.number);
    if (order.kind === 'plan') {
      const result = await subscribeToPlan(order, cardNumber, attempts);
      if (result.kind === 'active') return { kind: 'subscription', current: result.current };
      if (!result.paymentIntentId) throw new PurchaseError('billing.errors.subscribe');
      setPending({ paymentIntentId: result.paymentIntentId, clientSecret: result.clientSecret });
      return 'authenticate';
    }
    const intent = order.intent;
    if (!intent) throw new PurchaseError('billing.errors.initPayment');
    let status;
    try {
      status = await payWithDemoCard({ ...intent, cardNumber });
    } catch (error) {
      // The demo processor sends no webhooks, so the form reports the decline for the payments list
      // to show it as failed; the intent stays payable with another card. Its answer is the 402 we know.
      if (cardErrorOf(error)?.key === 'billing.card.declined') void confirmPayment(intent.paymentIntentId).catch(() => undefined);
      throw cardErrorOf(error) ?? error;
    }
    if (status === 'requires_action') {
      setPending(intent);
      return 'authenticate';
    }
    if (status !== 'succeeded') throw new PurchaseError('billing.card.declined');
    return finishPackagePayment(order, intent.paymentIntentId);
  };

  const authenticate = async (): Promise<PurchaseOutcome> => {
    if (!pending) throw new PurchaseError('billing.card.authFailed');
    const status = await authenticateDemoPayment(pending);
    setPending(null);
    if (status !== 'succeeded') throw new PurchaseError('billing.card.authFailed');
    return order.kind === 'package' ? finishPackagePayment(order, pending.paymentIntentId) : subscriptionAfterAuthentication();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (processing || !ready) return;
    const field = validate();
    setInvalid(field);
    if (field) {
      document.getElementById(id(field))?.focus();
      return;
    }
    void run(pay);
  };

  if (pending) {
    return (
      <div className="ui-stack ui-stack--3 card-auth" role="group" aria-labelledby={`${idPrefix}-auth`}>
        <h4 className="card-auth__title" id={`${idPrefix}-auth`}>
          {t('billing.card.authTitle')}
        </h4>
        <p className="card-auth__text">{t('billing.card.authText')}</p>
        <div className="ui-wrap card-auth__actions">
          <button type="button" className="btn btn--primary" disabled={processing} onClick={() => void run(authenticate)}>
            {processing ? t('billing.card.processing') : t('billing.card.authConfirm')}
          </button>
          <button
            type="button"
            className="btn btn--secondary"
            disabled={processing}
            onClick={() => {
              setPending(null);
              setFailure(new PurchaseError('billing.card.authFailed'));
            }}
          >
            {t('billing.card.authCancel')}
          </button>
        </div>
      </div>
    );
  }

  const fieldError: Record<Field, string> = {
    number: t('billing.card.invalidNumber'),
    expiry: t('billing.card.invalidExpiry'),
    cvc: t('billing.card.invalidCvc'),
  };

  return (
    <form className="ui-stack ui-stack--3 card-form" onSubmit={onSubmit} noValidate>
      <p className="card-form__hint">{t('billing.card.demoHint')}</p>
      <TextField
        id={id('number')}
        label={t('billing.card.number')}
        inputClassName="card-form__number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder={t('billing.card.numberPlaceholder')}
        value={values.number}
        invalid={invalid === 'number'}
        onChange={(event) => setValues((v) => ({ ...v, number: formatCardNumber(event.target.value) }))}
      />
      <div className="card-form__row">
        <TextField
          id={id('expiry')}
          label={t('billing.card.expiry')}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder={t('billing.card.expiryPlaceholder')}
          value={values.expiry}
          invalid={invalid === 'expiry'}
          onChange={(event) => setValues((v) => ({ ...v, expiry: formatExpiry(event.target.value) }))}
        />
        <TextField
          id={id('cvc')}
          label={t('billing.card.cvc')}
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          placeholder={t('billing.card.cvcPlaceholder')}
          value={values.cvc}
          invalid={invalid === 'cvc'}
          onChange={(event) => setValues((v) => ({ ...v, cvc: cardDigits(event.target.value) }))}
        />
      </div>
      {invalid && <FormMessage>{fieldError[invalid]}</FormMessage>}
      {!invalid && failure !== null && <PaymentError error={failure} />}
      <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={processing || !ready}>
        {processing ? t('billing.card.processing') : ready ? submitLabel : t('billing.card.preparing')}
      </button>
    </form>
  );
}
