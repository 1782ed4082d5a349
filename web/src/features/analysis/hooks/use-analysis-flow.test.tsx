import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderHookWithProviders } from '../../../../test/render';
import { signUp } from '../../../../test/session';
import { getStockStatus } from '../api/get-stock-status';
import { useAnalysisFlow } from './use-analysis-flow';

const noProfile = async () => null;

function renderFlow() {
  let settled = 0;
  const hook = renderHookWithProviders(() => useAnalysisFlow({ loadUserProfile: noProfile, onSettled: () => (settled += 1) }));
  return { hook, settledCount: () => settled };
}

describe('useAnalysisFlow against the real API', () => {
  it('runs an analysis to its report and tells the page it settled', async () => {
    await signUp('flow');
    const { hook, settledCount } = renderFlow();
    await act(() => hook.result.current.analyze('aapl'));
    await waitFor(() => expect(hook.result.current.report).not.toBeNull(), { timeout: 60_000 });
    expect(hook.result.current.report?.symbol).toBe('AAPL');
    expect(hook.result.current.report?.results.basic.symbol).toBe('AAPL');
    expect(hook.result.current.notAnalysable).toBeNull();
    expect(settledCount()).toBe(1);
  });

  it('shows a stock that cannot be analysed as not analysable, with its status, instead of starting', async () => {
    await signUp('flow');
    const status = await getStockStatus('SPY');
    expect(status.isActive).toBe(false);
    const { hook, settledCount } = renderFlow();
    await act(() => hook.result.current.analyze('SPY'));
    expect(hook.result.current.notAnalysable).toEqual({ symbol: 'SPY', status: status.status, reason: status.reason });
    expect(hook.result.current.progress).toBeNull();
    expect(settledCount()).toBe(0);
  });

  it('says so in its own words, naming the symbol, when the server answers the code of an unknown symbol', async () => {
    await signUp('flow');
    const { hook } = renderFlow();
    await act(() => hook.result.current.analyze('zzzzq'));
    expect(await screen.findByText('找不到股票代碼「ZZZZQ」，請確認代碼是否正確（例如 AAPL、0700.HK）。')).toBeTruthy();
    expect(hook.result.current.report).toBeNull();
    expect(hook.result.current.notAnalysable).toBeNull();
  });
});
