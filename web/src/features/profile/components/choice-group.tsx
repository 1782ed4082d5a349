import { useId, type ReactNode } from 'react';
import './choice-group.css';

export interface Choice<T extends string> {
  value: T;
  label: string;
  hint?: string;
}

interface CommonProps<T extends string> {
  legend: ReactNode;
  /** Shown after the legend, e.g. "可多選". */
  note?: string;
  choices: readonly Choice<T>[];
  /** `columns` lays the choices out as cards in a grid, `list` one per row for long labels. */
  layout?: 'columns' | 'list';
  /** Marks the group as needing an answer, read out with its legend. */
  error?: string;
  disabled?: boolean;
}

interface SingleChoiceProps<T extends string> extends CommonProps<T> {
  multiple?: false;
  value: T | null;
  onChange(value: T): void;
}

interface MultipleChoiceProps<T extends string> extends CommonProps<T> {
  multiple: true;
  value: readonly T[];
  onChange(value: T[]): void;
}

/** A fieldset of radio buttons (one answer) or checkboxes (several), drawn as selectable cards. */
export function ChoiceGroup<T extends string>(props: SingleChoiceProps<T> | MultipleChoiceProps<T>) {
  const { legend, note, choices, layout = 'columns', error, disabled = false } = props;
  const name = useId();

  const isChecked = (value: T) => (props.multiple ? props.value.includes(value) : props.value === value);
  const toggle = (value: T) => {
    if (!props.multiple) return props.onChange(value);
    const next = props.value.includes(value) ? props.value.filter((item) => item !== value) : [...props.value, value];
    // Kept in the order the choices are listed, whatever order they were clicked in.
    props.onChange(choices.map((choice) => choice.value).filter((item) => next.includes(item)));
  };

  return (
    <fieldset className={`choice-group${error ? ' choice-group--invalid' : ''}`} disabled={disabled}>
      <legend className="ui-wrap choice-group__legend">
        {legend}
        {note && <span className="choice-group__note">{note}</span>}
        {error && <span className="choice-group__error">{error}</span>}
      </legend>
      <div className={`choice-group__choices choice-group__choices--${layout}`}>
        {choices.map((choice) => (
          <label key={choice.value} className={`ui-tile choice${isChecked(choice.value) ? ' choice--checked' : ''}`}>
            <input
              className="choice__input"
              type={props.multiple ? 'checkbox' : 'radio'}
              name={name}
              value={choice.value}
              checked={isChecked(choice.value)}
              onChange={() => toggle(choice.value)}
            />
            <span className="choice__text">
              <span className="choice__label">{choice.label}</span>
              {choice.hint && <span className="choice__hint">{choice.hint}</span>}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
