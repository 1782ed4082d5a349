import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderHookWithProviders, renderWithProviders } from '../../../../../test/render';
import { signUp } from '../../../../../test/session';
import { useAnalysisFlow } from '../../hooks/use-analysis-flow';
import { SuggestionsSection } from './suggestions-section';

/** The stored profile as the page sends it with a start: a growth investor saving for retirement in finance. */
const profile = { riskProfile: 'growth', term: 'long', goals: ['retirement'], sectors: ['finance'] };

describe('SuggestionsSection against the real API', () => {
  it("shows how the user's preferences bore on their own type's advice, and on no other type", async () => {
    await signUp('prefs');
    const flow = renderHookWithProviders(() => useAnalysisFlow({ loadUserProfile: async () => profile, onSettled: () => undefined }));
    await act(() => flow.result.current.analyze('msft'));
    await waitFor(() => expect(flow.result.current.report).not.toBeNull(), { timeout: 60_000 });
    const results = flow.result.current.report!.results;
    const own = results.suggestions.byInvestorType[0]!;
    expect(own).toMatchObject({ investorType: 'growth', highlighted: true });

    renderWithProviders(<SuggestionsSection results={results} />);

    const notes = screen.getAllByTestId('advice-preferences');
    expect(notes).toHaveLength(1);
    expect(notes[0]!.textContent).toBe(own.preferencesNote);
    expect(notes[0]!.textContent).toContain('不在您偏好的行業（金融）之內');
    expect(notes[0]!.textContent).toContain('退休規劃');
    const card = notes[0]!.closest('article')!;
    expect(card.getAttribute('data-highlighted')).toBe('true');
    expect(within(card).getByRole('heading', { level: 4 }).textContent).toBe('成長型');
  });

  it('labels a type that should hold none of a high-risk stock 不建議持有, never 持有 beside a zero position (ADR 0054)', async () => {
    await signUp('avoid');
    const conservative = { riskProfile: 'conservative', term: null, goals: [], sectors: [] };
    const flow = renderHookWithProviders(() => useAnalysisFlow({ loadUserProfile: async () => conservative, onSettled: () => undefined }));
    // APH: a high-risk stock in the bundled universe (beta and volatility), beyond a conservative investor's budget.
    await act(() => flow.result.current.analyze('aph'));
    await waitFor(() => expect(flow.result.current.report).not.toBeNull(), { timeout: 60_000 });
    const results = flow.result.current.report!.results;
    expect(['high', 'unknown']).toContain(results.valuation.riskLevel);
    expect(results.suggestions.byInvestorType[0]).toMatchObject({ investorType: 'conservative', action: 'avoid', positionSizePercent: 0 });

    renderWithProviders(<SuggestionsSection results={results} />);

    for (const article of screen.getAllByRole('article')) {
      const action = article.querySelector('.recommendation')!;
      const position = within(article).getByTestId('advice-position').querySelector('dd')!.textContent;
      if (position === '不建議持有') {
        // A zero position is a sell or avoid, never a hold or a buy.
        expect(action.className).toMatch(/recommendation--(avoid|sell|strong_sell)$/);
        expect(['持有', '買入', '強烈買入']).not.toContain(action.textContent);
      } else expect(action.className).not.toContain('recommendation--avoid');
    }
    const own = screen.getAllByRole('article')[0]!;
    expect(own.querySelector('.recommendation')!.className).toBe('recommendation recommendation--avoid');
    expect(own.querySelector('.recommendation')!.textContent).toBe('不建議持有');
  });
});
