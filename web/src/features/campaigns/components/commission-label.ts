import type { Campaign } from '@contract/campaigns';
import type { TFunction } from '../../../i18n';
import { formatBps, formatMoney } from '../../../lib/format';

/** "30%", "R$ 25,00 per sale" or "Your level's rate", in the person's language. */
export function commissionLabel(campaign: Campaign, t: TFunction, language: string): string {
  if (campaign.commission_type === 'percent' && campaign.commission_value !== null) {
    return formatBps(campaign.commission_value, language);
  }
  if (campaign.commission_type === 'fixed' && campaign.commission_value !== null) {
    return t('campaigns.perSale', { amount: formatMoney(campaign.commission_value, language) });
  }
  return t('campaigns.levelRate');
}
