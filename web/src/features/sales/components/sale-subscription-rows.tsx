import type { CommissionBreakdown, Sale } from '@contract/sales';
import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { pathTo } from '../../../app/paths';
import { type TFunction, useTranslation } from '../../../i18n';

type Recurring = NonNullable<CommissionBreakdown['recurring']>;

/**
 * The subscription part of a sale's "why" (docs/decisions/025): which charge of which subscription it
 * is, the campaign's recurring rule as it stood, the first sale a renewal is credited through, and
 * what the rule made of this charge. Nothing for a one-off sale.
 */
export function SaleSubscriptionRows({ sale }: { sale: Sale }) {
  const { t } = useTranslation();
  const recurring = sale.commission.recurring;
  const subscription = recurring?.subscription_id ?? sale.subscription_id;
  if (subscription === null) return null;
  const charge = recurring?.charge_number ?? sale.charge_number ?? 1;
  const firstSaleId = recurring?.first_sale_id ?? sale.commission.decided_by?.first_sale_id ?? null;
  return (
    <>
      <Table.Tr>
        <Table.Th>{t('sales.details.subscription')}</Table.Th>
        <Table.Td data-testid="sale-subscription" style={{ overflowWrap: 'anywhere' }}>
          {t('sales.details.chargeOf', { charge, subscription })}
        </Table.Td>
      </Table.Tr>
      {firstSaleId !== null && firstSaleId !== sale.id && (
        <Table.Tr>
          <Table.Th>{t('sales.details.creditedThrough')}</Table.Th>
          <Table.Td>
            <Anchor
              component={Link}
              to={pathTo('saleDetails', { id: firstSaleId })}
              size="sm"
              aria-label={t('sales.details.openFirstSale', { id: firstSaleId })}
            >
              {t('sales.details.firstSale', { id: firstSaleId })}
            </Anchor>
          </Table.Td>
        </Table.Tr>
      )}
      {recurring && (
        <Table.Tr>
          <Table.Th>{t('sales.details.recurringRule')}</Table.Th>
          <Table.Td data-testid="sale-recurring">
            {ruleSummary(recurring, t)}
            <Text size="xs" c="dimmed" fw={recurring.outcome === 'beyond_limit' ? 700 : 400} component="div">
              {outcomeText(recurring, t)}
            </Text>
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

/** "Every charge (lifetime)", "The first 3 charges"… as the campaign's form names its rules. */
export function ruleSummary(recurring: Pick<Recurring, 'rule' | 'charges'>, t: TFunction) {
  if (recurring.rule === 'first_n') {
    return t('campaigns.recurring.summary.first_n', { count: recurring.charges ?? 1 });
  }
  return t(`campaigns.recurring.summary.${recurring.rule}`);
}

function outcomeText(recurring: Recurring, t: TFunction) {
  if (recurring.outcome === 'first_charge') return t('sales.details.outcome.first_charge');
  if (recurring.outcome === 'renewal') {
    return t(recurring.renewal_rate ? 'sales.details.outcome.renewalRate' : 'sales.details.outcome.renewal');
  }
  // Past the rule: the first charge only (no count), or the first N.
  if (recurring.charges === null) return t('sales.details.outcome.beyond_first');
  return t('sales.details.outcome.beyond_limit', { count: recurring.charges });
}
