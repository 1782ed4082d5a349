import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/text-field/text-field';
import type { HistoryStatusFilter } from '../../api/get-analysis-history';

const STATUS_FILTERS: readonly HistoryStatusFilter[] = ['', 'completed', 'processing', 'failed'];

interface HistoryFiltersProps {
  status: HistoryStatusFilter;
  symbol: string;
  onChange(filters: { status: HistoryStatusFilter; symbol: string }): void;
}

/** Status applies at once; the symbol when the user searches (Enter or the button). */
export function HistoryFilters({ status, symbol, onChange }: HistoryFiltersProps) {
  const { t } = useTranslation();
  const statusId = useId();
  const symbolId = useId();
  const [typed, setTyped] = useState(symbol);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onChange({ status, symbol: typed.trim() });
  };

  return (
    <form className="ui-wrap ui-wrap--3 history-filters" onSubmit={onSubmit} role="search">
      <div className="field history-filters__status">
        <label className="field__label" htmlFor={statusId}>
          {t('history.filters.status')}
        </label>
        <select
          id={statusId}
          className="field__input"
          value={status}
          onChange={(event) => onChange({ status: event.target.value as HistoryStatusFilter, symbol: typed.trim() })}
        >
          {STATUS_FILTERS.map((value) => (
            <option key={value || 'all'} value={value}>
              {t(`history.filters.statuses.${value || 'all'}`)}
            </option>
          ))}
        </select>
      </div>
      <TextField
        id={symbolId}
        label={t('history.filters.symbol')}
        className="history-filters__symbol"
        type="search"
        value={typed}
        placeholder={t('history.filters.symbolPlaceholder')}
        onChange={(event) => setTyped(event.target.value.toUpperCase())}
        autoComplete="off"
        spellCheck={false}
      />
      <button type="submit" className="btn btn--secondary history-filters__submit">
        {t('history.filters.search')}
      </button>
    </form>
  );
}
