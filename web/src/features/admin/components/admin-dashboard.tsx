import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner/spinner';
import { useAdminStats } from '../api/stats';
import { dashboardLoadMessage } from '../utils/errors';
import { PackageManager } from './package-manager';
import { SectionTabs } from './section-tabs';
import { ActivitiesTab } from './tabs/activities-tab';
import { AiResultsTab } from './tabs/ai-results-tab';
import { CacheTab } from './tabs/cache-tab';
import { DashboardTab } from './tabs/dashboard-tab';
import { LevelsTab } from './tabs/levels-tab';
import { MembersTab } from './tabs/members-tab';
import { PlansTab } from './tabs/plans-tab';
import { PromptsTab } from './tabs/prompts-tab';
import './admin.css';

const TABS = [
  ['dashboard', 'Dashboard'],
  ['members', 'Members'],
  ['levels', 'User Levels'],
  ['packages', 'Packages'],
  ['subscriptions', 'Subscriptions'],
  ['prompts', 'Prompts'],
  ['cache', 'Cache'],
  ['perplexity', 'Perplexity Results'],
  ['activities', 'User Activities'],
] as const;
type Tab = (typeof TABS)[number][0];

export interface AdminDashboardProps {
  /** The signed-in admin: the Members tab never offers to delete them. */
  currentUserId: string;
  /** Where the Payments tab goes (spec: /x7k9m2p8q/payments). */
  paymentsPath: string;
}

/** Spec admin section 2: loading, an error with a way home, then the selected tab. */
export function AdminDashboard({ currentUserId, paymentsPath }: AdminDashboardProps) {
  const [tab, setTab] = useState<Tab>('dashboard');
  const stats = useAdminStats();

  if (stats.isPending) return <Spinner label="Loading admin dashboard..." />;
  if (stats.isError)
    return (
      <div className="ui-stack ui-stack--3 admin-error" role="alert">
        <p>{dashboardLoadMessage(stats.error)}</p>
        <Link to="/" className="btn btn--primary">
          Return home
        </Link>
      </div>
    );

  return (
    <div className="admin">
      <h1 className="admin__title">Admin Dashboard</h1>
      <SectionTabs label="Admin sections" tabs={TABS} current={tab} onChoose={setTab}>
        <Link to={paymentsPath} className="admin-tab">
          Payments
        </Link>
      </SectionTabs>
      <div className="ui-stack ui-stack--3 admin__panel">
        {tab === 'dashboard' && <DashboardTab stats={stats.data} />}
        {tab === 'members' && <MembersTab currentUserId={currentUserId} />}
        {tab === 'levels' && <LevelsTab />}
        {tab === 'packages' && <PackageManager />}
        {tab === 'subscriptions' && <PlansTab />}
        {tab === 'prompts' && <PromptsTab />}
        {tab === 'cache' && <CacheTab />}
        {tab === 'perplexity' && <AiResultsTab />}
        {tab === 'activities' && <ActivitiesTab />}
      </div>
    </div>
  );
}
