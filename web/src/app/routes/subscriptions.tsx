import { ADMIN_ROLE } from '@contract/session';
import type { Subscription } from '@contract/subscriptions';
import { PageHeader } from '../../components/page-header';
import { useCampaigns } from '../../features/campaigns/api/campaigns';
import { CAMPAIGN_PARAM, SUBSCRIPTION_PARAM } from '../../features/sales/components/sales-filters';
import { SubscriptionsTable } from '../../features/subscriptions/components/subscriptions-table';
import { useTranslation } from '../../i18n';
import { currentClaims } from '../../lib/session';
import { paths } from '../paths';

/** /assinaturas: an affiliate's subscriptions and recurring earnings; for an admin, the programme's. */
export default function SubscriptionsScreen() {
  const { t } = useTranslation();
  const isAdmin = currentClaims()?.role === ADMIN_ROLE;
  const campaigns = useCampaigns({ page: 1, page_size: 100 });
  const options = (campaigns.data?.items ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  // A subscription's charges in the sales list of the person's role (an admin decides them there).
  const salesLink = (s: Subscription) => {
    const params = new URLSearchParams({
      [SUBSCRIPTION_PARAM]: s.subscription_id,
      [CAMPAIGN_PARAM]: String(s.campaign_id),
    });
    return `${isAdmin ? paths.adminSalesOverview : paths.sales}?${params}`;
  };
  return (
    <>
      <PageHeader
        title={t('screens.subscriptions')}
        description={isAdmin ? t('subscriptions.adminDescription') : t('subscriptions.description')}
      />
      <SubscriptionsTable admin={isAdmin} campaigns={options} salesLink={salesLink} />
    </>
  );
}
