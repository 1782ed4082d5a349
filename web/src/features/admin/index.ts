/** What the app uses of the admin feature: the two screens (loaded lazily, never by investors). */
export { AdminDashboard } from './components/admin-dashboard';
export { PaymentManagement } from './components/payment-management';
