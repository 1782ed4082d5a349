import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import i18n from '@/lib/i18n';
import { getAuthToken } from '@/lib/api-client';
import { renderWithProviders } from '../../../../test/render';
import { TEST_ADMIN } from '../../../../test/test-users';
import { AuthProvider } from './auth-provider';
import { LoginForm } from './login-form';

describe('LoginForm against the real API', () => {
  it('signs in with the right password: the token is stored and the user handed on', async () => {
    const onSuccess = vi.fn();
    renderWithProviders(
      <AuthProvider>
        <LoginForm onSuccess={onSuccess} />
      </AuthProvider>,
    );
    await userEvent.type(screen.getByLabelText(i18n.t('auth.email')), TEST_ADMIN.email);
    await userEvent.type(screen.getByLabelText(i18n.t('auth.password')), `${TEST_ADMIN.password}{Enter}`);
    // Password hashing (argon2id) takes its time on a busy machine.
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1), { timeout: 15_000 });
    expect(onSuccess.mock.calls[0]![0]).toMatchObject({ email: TEST_ADMIN.email, role: 'admin' });
    expect(getAuthToken()).toBeTruthy();
  });

  it('says only that the login failed for a wrong password, and stores nothing', async () => {
    const onSuccess = vi.fn();
    renderWithProviders(
      <AuthProvider>
        <LoginForm onSuccess={onSuccess} />
      </AuthProvider>,
    );
    await userEvent.type(screen.getByLabelText(i18n.t('auth.email')), TEST_ADMIN.email);
    await userEvent.type(screen.getByLabelText(i18n.t('auth.password')), 'not-the-password{Enter}');
    const alerts = await screen.findAllByRole('alert', {}, { timeout: 15_000 });
    expect(alerts.map((alert) => alert.textContent)).toContain(i18n.t('auth.loginFailed'));
    expect(onSuccess).not.toHaveBeenCalled();
    expect(getAuthToken()).toBeNull();
  });
});
