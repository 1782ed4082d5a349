import { useTranslation } from 'react-i18next';
import type { CreditPackage } from '../types/catalogue';
import { formatMoney } from '../utils/format-money';
import { GOOD_VALUE_MIN_CREDITS, pricePerCredit, savingsPercent } from '../utils/package-pricing';

interface PackageCardProps {
  pkg: CreditPackage;
  /** The smallest package, which savings are measured against. */
  first: CreditPackage | undefined;
  selected: boolean;
  onSelect(): void;
}

/** A credit package: credits, price, price per credit, savings and its badges (spec section 2). */
export function PackageCard({ pkg, first, selected, onSelect }: PackageCardProps) {
  const { t } = useTranslation();
  const savings = savingsPercent(pkg, first);
  const classes = [
    'package-card',
    pkg.popular && 'package-card--popular',
    pkg.type === 'enterprise' && 'package-card--enterprise',
    selected && 'package-card--selected',
  ].filter(Boolean);

  return (
    <li className={classes.join(' ')} data-testid={`package-${pkg.type}`}>
      <button type="button" className="ui-stack ui-stack--1 package-card__button" aria-pressed={selected} onClick={onSelect}>
        <span className="ui-wrap ui-wrap--1 package-card__badges">
          {pkg.popular && <span className="badge badge--popular">{t('billing.packages.popular')}</span>}
          {pkg.type === 'enterprise' && <span className="badge badge--enterprise">{t('billing.packages.enterprise')}</span>}
          {pkg.credits >= GOOD_VALUE_MIN_CREDITS && <span className="badge badge--value">{t('billing.packages.goodValue')}</span>}
        </span>
        <span className="package-card__name">{pkg.name}</span>
        <span className="package-card__credits">{t('billing.packages.credits', { count: pkg.credits })}</span>
        <span className="package-card__price">{formatMoney(pkg.price)}</span>
        <span className="package-card__unit">{t('billing.packages.perCredit', { price: formatMoney(pricePerCredit(pkg)) })}</span>
        <span className="package-card__savings">{savings !== null ? t('billing.packages.savings', { percent: savings }) : '\u00a0'}</span>
        <span className="package-card__choose">{selected ? t('billing.packages.selected') : t('billing.packages.select')}</span>
      </button>
    </li>
  );
}
