import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import i18n from '@/lib/i18n';
import { renderWithProviders } from '../../../../test/render';
import { SymbolForm, type SymbolFormProps } from './symbol-form';

/** A submit while the stored token is being checked waits for the check (a slow check is not a visitor). */
describe('SymbolForm while the session is being checked', () => {
  const setup = () => {
    const props: SymbolFormProps = {
      stocks: null,
      canAnalyze: false,
      sessionChecking: true,
      busy: false,
      onRequireLogin: vi.fn(),
      onEmptySymbol: vi.fn(),
      onAnalyze: vi.fn(),
      label: 'symbol',
    };
    const view = renderWithProviders(<SymbolForm {...props} />);
    const rerender = (changes: Partial<SymbolFormProps>) => act(() => view.rerender(<SymbolForm {...props} {...changes} />));
    return { props, rerender };
  };
  const analyse = () => userEvent.click(screen.getByRole('button', { name: i18n.t('analysis.analyze') }));

  it('asks a member for a symbol once the check finds them signed in, never to log in', async () => {
    const { props, rerender } = setup();
    await analyse();
    expect(props.onEmptySymbol).not.toHaveBeenCalled();
    expect(props.onRequireLogin).not.toHaveBeenCalled();

    rerender({ sessionChecking: false, canAnalyze: true });
    expect(props.onEmptySymbol).toHaveBeenCalledTimes(1);
    expect(props.onRequireLogin).not.toHaveBeenCalled();
  });

  it('analyses the symbol typed during the check once it answers', async () => {
    const { props, rerender } = setup();
    await userEvent.type(screen.getByLabelText('symbol'), 'msft');
    await analyse();
    expect(props.onAnalyze).not.toHaveBeenCalled();

    rerender({ sessionChecking: false, canAnalyze: true });
    expect(props.onAnalyze).toHaveBeenCalledWith('MSFT');
  });

  it('asks a visitor to log in once the check finds the token expired', async () => {
    const { props, rerender } = setup();
    await analyse();
    rerender({ sessionChecking: false, canAnalyze: false });
    expect(props.onRequireLogin).toHaveBeenCalledTimes(1);
    expect(props.onEmptySymbol).not.toHaveBeenCalled();
  });
});
