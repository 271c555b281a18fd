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

/** "The first 3 charges · renewals at 5%", "Every charge (lifetime)", in the person's language. */
export function recurringLabel(campaign: Campaign, t: TFunction, language: string): string {
  const rule =
    campaign.recurring_rule === 'first_n'
      ? t('campaigns.recurring.summary.first_n', { count: campaign.recurring_charges ?? 1 })
      : t(`campaigns.recurring.summary.${campaign.recurring_rule}`);
  const renewal = campaign.renewal_commission_value;
  if (renewal === null || campaign.recurring_rule === 'first_charge') return rule;
  const value = campaign.commission_type === 'percent' ? formatBps(renewal, language) : formatMoney(renewal, language);
  return `${rule} · ${t('campaigns.recurring.renewalAt', { value })}`;
}
