/** The admin the test API seeds (ADMIN_EMAIL / ADMIN_PASSWORD's option). */
export const TEST_ADMIN = { email: 'admin@vitest.stockai.test', password: 'admin-password-1' };
