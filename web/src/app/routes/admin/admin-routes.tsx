import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner/spinner';
import { AdminDashboard, PaymentManagement } from '@/features/admin';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { FormMessage } from '@/components/ui/form-message/form-message';

/** Spec admin section 6: visitors are asked to log in, non-admins denied; the server checks again on every call. */
function AdminOnly({ children }: { children(userId: string): ReactNode }) {
  const { status, user } = useAuth();
  if (status === 'checking') return <Spinner label="Loading..." />;
  if (!user) return <FormMessage>Please log in to access the admin panel.</FormMessage>;
  if (user.role !== 'admin') return <FormMessage>Access denied. Admin privileges required.</FormMessage>;
  return <>{children(user.id)}</>;
}

/** /admin and /x7k9m2p8q; the Payments tab goes to the payment page under the same prefix. */
export function AdminDashboardRoute({ base }: { base: string }) {
  useDocumentTitle('Admin Dashboard');
  return (
    <AdminOnly>
      {(userId) => <AdminDashboard currentUserId={userId} paymentsPath={base === '/admin' ? '/payment-management' : `${base}/payments`} />}
    </AdminOnly>
  );
}

/** /payment-management and /x7k9m2p8q/payments. */
export function PaymentManagementRoute({ dashboardPath }: { dashboardPath: string }) {
  useDocumentTitle('Payment Management');
  return <AdminOnly>{() => <PaymentManagement dashboardPath={dashboardPath} />}</AdminOnly>;
}
