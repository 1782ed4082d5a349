import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function BrandMark() {
  return (
    <svg className="brand-mark" width="36" height="36" viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="#1d5bd8" />
      <path d="M6 22l6-7 5 4 8-10" fill="none" stroke="#34d399" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The product's name and tagline beside its mark, linking home. `block` names the CSS block
 * that styles it (`<block>__brand`, `__brand-text`, `__title`, `__tagline`).
 */
export function BrandLink({ block }: { block: string }) {
  const { t } = useTranslation();
  return (
    <Link to="/" className={`${block}__brand`}>
      <BrandMark />
      <span className={`${block}__brand-text`}>
        <span className={`${block}__title`}>{t('app.title')}</span>
        <span className={`${block}__tagline`}>{t('app.tagline')}</span>
      </span>
    </Link>
  );
}
