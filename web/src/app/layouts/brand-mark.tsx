export function BrandMark() {
  return (
    <svg className="brand-mark" width="36" height="36" viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="#1d5bd8" />
      <path d="M6 22l6-7 5 4 8-10" fill="none" stroke="#34d399" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
