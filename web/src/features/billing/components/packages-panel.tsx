import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { logUnexpectedFailure } from '@/lib/log-failure';
import { createPaymentIntent } from '../api/create-payment-intent';
import { usePackages } from '../api/get-packages';
import type { CreditPackage } from '../types/catalogue';
import type { PackageIntent } from '../types/payment';
import type { PurchaseOutcome } from '../types/purchase';
import { AttemptKeys } from '../utils/attempt-keys';
import { formatMoney } from '../utils/format-money';
import { type PurchaseError, purchaseErrorOf } from '../utils/purchase-errors';
import { CardPayment } from './card-payment';
import { PackageCard } from './package-card';
import { QueryFallback } from '@/components/ui/query-state/query-state';

type IntentState = { status: 'creating' } | { status: 'ready'; intent: PackageIntent } | { status: 'failed'; error: PurchaseError };

/**
 * The buy-credits tab. Choosing a package creates its payment intent at once, so the card form's
 * button is enabled only when there is a client secret to pay (spec section 5). Each intent is
 * kept while the modal is open: going back to a package pays the intent it already has rather
 * than leaving another unpaid one in the payments list, and retrying a package whose intent
 * could not be created resends its Idempotency-Key, so a lost answer makes no second intent.
 */
export function PackagesPanel({ onPaid }: { onPaid(outcome: PurchaseOutcome): void }) {
  const { t } = useTranslation();
  const packages = usePackages();
  const [selected, setSelected] = useState<CreditPackage | null>(null);
  const [intent, setIntent] = useState<IntentState>({ status: 'creating' });
  const latest = useRef<AbortController | null>(null);
  const intents = useRef(new Map<string, PackageIntent>());
  const attempts = useRef(new AttemptKeys());

  useEffect(() => () => latest.current?.abort(), []);

  const choose = async (pkg: CreditPackage) => {
    latest.current?.abort();
    const controller = new AbortController();
    latest.current = controller;
    setSelected(pkg);
    const known = intents.current.get(pkg.type);
    if (known) {
      setIntent({ status: 'ready', intent: known });
      return;
    }
    setIntent({ status: 'creating' });
    try {
      const created = await createPaymentIntent(pkg.type, attempts.current.keyFor(pkg.type), controller.signal);
      attempts.current.settle(pkg.type);
      intents.current.set(pkg.type, created);
      if (!controller.signal.aborted) setIntent({ status: 'ready', intent: created });
    } catch (error) {
      attempts.current.settle(pkg.type, error);
      if (controller.signal.aborted) return;
      logUnexpectedFailure('Failed to create payment intent', error);
      setIntent({ status: 'failed', error: purchaseErrorOf(error, 'billing.errors.initPayment') });
    }
  };

  if (!packages.isSuccess)
    return <QueryFallback query={packages} loading={t('billing.packages.loading')} failed={t('billing.packages.loadFailed')} />;
  if (packages.data.length === 0) return <p className="purchase-modal__empty">{t('billing.packages.empty')}</p>;

  const first = packages.data[0];
  return (
    <div className="purchase-modal__section">
      <ul className="package-grid">
        {packages.data.map((pkg) => (
          <PackageCard key={pkg.type} pkg={pkg} first={first} selected={selected?.type === pkg.type} onSelect={() => void choose(pkg)} />
        ))}
      </ul>
      {selected && intent.status === 'failed' && (
        <div className="ui-row ui-row--spread form-error purchase-modal__retry" role="alert">
          <span>{t(intent.error.key ?? 'billing.errors.initPayment')}</span>
          <button type="button" className="btn btn--secondary" onClick={() => void choose(selected)}>
            {t('billing.retry')}
          </button>
        </div>
      )}
      {selected && intent.status !== 'failed' && (
        <CardPayment
          key={selected.type}
          order={{ kind: 'package', pkg: selected, intent: intent.status === 'ready' ? intent.intent : null }}
          item={t('billing.card.packageItem', { name: selected.name, credits: selected.credits })}
          submitLabel={t('billing.card.pay', { price: formatMoney(selected.price) })}
          onPaid={onPaid}
        />
      )}
    </div>
  );
}
