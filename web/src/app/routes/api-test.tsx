import { RequireAdmin } from '@/features/auth/components/require-admin';
import { ApiTestPage } from '@/features/api-test/components/api-test-page';

/** For admins in a production build; for anyone while developing (README, "API testing page"). */
export function ApiTestRoute() {
  return (
    <RequireAdmin open={import.meta.env.DEV}>
      <ApiTestPage />
    </RequireAdmin>
  );
}
