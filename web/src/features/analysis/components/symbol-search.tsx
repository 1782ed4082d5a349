import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StockListing } from '../types/stock';
import { isCompleteSymbol, matchStocks } from '../utils/symbol';
import './symbol-search.css';

interface SymbolSearchProps {
  id: string;
  value: string;
  stocks: readonly StockListing[] | null;
  /** Typing: the text, already uppercased. */
  onType(value: string): void;
  /** Choosing a suggestion (click or Enter on a highlighted one). */
  onPick(stock: StockListing): void;
  describedBy?: string;
  invalid?: boolean;
}

/**
 * The symbol field with its autocomplete list, an ARIA combobox: arrow keys move through the
 * suggestions, Enter picks the highlighted one (or closes the list and submits the form when
 * none is), Escape closes the list.
 *
 * The list also closes by itself once the typed text is a whole listed symbol that no longer
 * symbol continues (AAPL, not AAP): the user has said what they want, and a list left open
 * near the analyse button invites a tap meant for the button to pick a neighbouring row
 * instead (AAPL turning into AAPB, a leveraged ETF, on a phone).
 */
export function SymbolSearch({ id, value, stocks, onType, onPick, describedBy, invalid = false }: SymbolSearchProps) {
  const { t } = useTranslation();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = useMemo(() => (stocks ? matchStocks(stocks, value) : []), [stocks, value]);
  const expanded = open && suggestions.length > 0;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const pick = (stock: StockListing) => {
    close();
    onPick(stock);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && suggestions.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp' && expanded) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? suggestions.length - 1 : index - 1));
    } else if (event.key === 'Enter') {
      const stock = expanded ? suggestions[active] : undefined;
      if (stock) {
        event.preventDefault();
        pick(stock);
      } else {
        close();
      }
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
    }
  };

  return (
    <div className="symbol-search">
      <input
        id={id}
        className="field__input symbol-search__input"
        type="text"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        value={value}
        onChange={(event) => {
          const typed = event.target.value.toUpperCase();
          onType(typed);
          setActive(-1);
          setOpen(!isCompleteSymbol(stocks, typed));
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(!isCompleteSymbol(stocks, value))}
        onBlur={() => setOpen(false)}
        placeholder={t('analysis.symbolPlaceholder')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={24}
      />
      <ul className="symbol-search__list" id={listId} role="listbox" aria-label={t('analysis.suggestionsLabel')} hidden={!expanded}>
        {suggestions.map((stock, index) => (
          <li
            key={stock.symbol}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className={`symbol-search__option${index === active ? ' symbol-search__option--active' : ''}`}
            // mousedown, not click: the input's blur would close the list before a click lands.
            onMouseDown={(event) => {
              event.preventDefault();
              pick(stock);
            }}
          >
            <span className="symbol-search__symbol">{stock.symbol}</span>
            <span className="symbol-search__name">{stock.nameZh ? `${stock.nameZh} · ${stock.name}` : stock.name}</span>
            {stock.market && <span className="symbol-search__market">{t(`analysis.market.${stock.market === 'HK' ? 'HK' : 'US'}`)}</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}
