import type { ReactNode } from 'react';

/**
 * What the segments are to assistive technology: tabs that show a panel (`tablist`, the chosen
 * one `aria-selected` and controlling `panelId`), a choice of one value (`radiogroup`,
 * `aria-checked`), or modes of the same form (`group`, `aria-pressed`).
 */
export type SegmentedRole = { kind: 'tabs'; idPrefix: string; panelId: string } | { kind: 'radios' } | { kind: 'modes' };

interface SegmentedControlProps<T extends string> {
  role: SegmentedRole;
  label: string;
  options: readonly T[];
  value: T;
  onChange(option: NoInfer<T>): void;
  optionLabel(option: NoInfer<T>): ReactNode;
  /** The control's own class (its track); each option gets `segment` and `optionClassName`, the chosen one `…--active`. */
  className: string;
  optionClassName: string;
}

/** A tab's id in a segmented tab strip: its panel names it in `aria-labelledby`. */
export const segmentId = (idPrefix: string, option: string) => `${idPrefix}-${option}`;

/**
 * A row of segmented buttons, one of them chosen (the `.segment` look in styles/global.css; the
 * control's classes give its size, shape and chosen look).
 */
export function SegmentedControl<T extends string>({
  role,
  label,
  options,
  value,
  onChange,
  optionLabel,
  className,
  optionClassName,
}: SegmentedControlProps<T>) {
  const groupRole = role.kind === 'tabs' ? 'tablist' : role.kind === 'radios' ? 'radiogroup' : 'group';
  const stateOf = (option: T) => {
    const chosen = option === value;
    if (role.kind === 'tabs')
      return {
        role: 'tab',
        id: segmentId(role.idPrefix, option),
        'aria-selected': chosen,
        'aria-controls': chosen ? role.panelId : undefined,
      };
    if (role.kind === 'radios') return { role: 'radio', 'aria-checked': chosen };
    return { 'aria-pressed': chosen };
  };
  return (
    <div className={className} role={groupRole} aria-label={label}>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          {...stateOf(option)}
          className={`segment ${optionClassName}${option === value ? ` ${optionClassName}--active` : ''}`}
          onClick={() => onChange(option)}
        >
          {optionLabel(option)}
        </button>
      ))}
    </div>
  );
}
