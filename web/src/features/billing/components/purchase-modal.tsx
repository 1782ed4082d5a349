import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/ui/modal/modal';
import { SegmentedControl, segmentId } from '@/components/ui/segmented-control/segmented-control';
import { useBilling } from '../hooks/use-billing';
import type { PurchaseOutcome, PurchaseRequest, PurchaseTab } from '../types/purchase';
import { PackagesPanel } from './packages-panel';
import { PlansPanel } from './plans-panel';
import { PurchaseNote } from './purchase-note';
import './purchase-modal.css';

const TABS: readonly PurchaseTab[] = ['packages', 'plans'];

interface PurchaseModalProps {
  request: PurchaseRequest;
  onClose(): void;
}

/**
 * Buying a credit package or a subscription plan by card (spec sections 2 and 4). After a
 * payment it shows what was bought; the provider closes it a second later.
 */
export function PurchaseModal({ request, onClose }: PurchaseModalProps) {
  const { t } = useTranslation();
  const billing = useBilling();
  const prefix = useId();
  const [tab, setTab] = useState<PurchaseTab>(request.tab);
  const [success, setSuccess] = useState<string | null>(null);

  const levelName = (level: string) => (level === 'free' || level === 'vip' || level === 'premium' ? t(`billing.levels.${level}`) : level);

  const onPaid = (outcome: PurchaseOutcome) => {
    setSuccess(
      outcome.kind === 'credits'
        ? t('billing.success.credits', { credits: outcome.credits })
        : t('billing.success.subscription', { level: levelName(outcome.current.level) }),
    );
    billing.purchased(outcome);
  };

  return (
    <Modal open onClose={onClose} title={t('billing.title')} subtitle={t('billing.subtitle')}>
      <div className="ui-stack purchase-modal" data-testid="purchase-modal">
        {success ? (
          <p className="ui-stack ui-stack--3 purchase-modal__success" role="status">
            <span className="purchase-modal__success-icon" aria-hidden="true">
              ✓
            </span>
            {success}
          </p>
        ) : (
          <>
            <SegmentedControl
              role={{ kind: 'tabs', idPrefix: prefix, panelId: `${prefix}-panel` }}
              label={t('billing.tabs.label')}
              options={TABS}
              value={tab}
              onChange={setTab}
              optionLabel={(id) => t(`billing.tabs.${id}`)}
              className="purchase-modal__tabs"
              optionClassName="purchase-modal__tab"
            />
            <div role="tabpanel" id={`${prefix}-panel`} aria-labelledby={segmentId(prefix, tab)} className="purchase-modal__panel">
              {tab === 'packages' ? (
                <PackagesPanel onPaid={onPaid} />
              ) : (
                <PlansPanel initialPlanId={request.planId} initialCycle={request.cycle} onPaid={onPaid} onClose={onClose} />
              )}
              <PurchaseNote />
            </div>
          </>
        )}
      </div>
    </Modal>
  );
}
