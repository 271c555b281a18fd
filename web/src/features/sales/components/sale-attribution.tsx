import type { CommissionBreakdown, Sale } from '@contract/sales';
import { Table, Text } from '@mantine/core';
import { type TFunction, useTranslation } from '../../../i18n';
import { formatMoney } from '../../../lib/format';

/**
 * The attribution part of a sale's "why": what decided its affiliate (coupon, click, code or an
 * admin), under which model, and, for a split sale, each affiliate's share (the odd cent to the last).
 * Older sales have no model: they were last click.
 */
export function SaleAttributionRows({ sale, admin }: { sale: Sale; admin: boolean }) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const { commission } = sale;
  const model = commission.model ?? 'last_click';
  const decided = commission.decided_by ?? { kind: sale.attributed_by };
  return (
    <>
      <Table.Tr>
        <Table.Th>{t('sales.details.decidedBy')}</Table.Th>
        <Table.Td data-testid="sale-decided-by">{decidedText(decided, model, t)}</Table.Td>
      </Table.Tr>
      {decided.kind === 'click' && (
        <Table.Tr>
          <Table.Th>{t('campaigns.attribution.label')}</Table.Th>
          <Table.Td>{t(`campaigns.attribution.models.${model}`)}</Table.Td>
        </Table.Tr>
      )}
      {commission.shares?.map((share) => (
        <Table.Tr key={share.role} data-testid={`sale-share-${share.role}`}>
          <Table.Th>
            {t(`sales.details.share.${share.role}`)}
            <Text size="xs" c="dimmed" component="div">
              {share.affiliate_code
                ? admin
                  ? `${(share.role === 'first' ? sale.shared_affiliate_name : sale.affiliate_name) ?? ''} · ${share.affiliate_code}`
                  : t('sales.details.share.you')
                : t('sales.details.share.other')}
            </Text>
          </Table.Th>
          <Table.Td fw={600}>
            {money(share.commission_cents)}
            {share.role === 'last' && share.commission_cents !== (commission.shares?.[0]?.commission_cents ?? 0) && (
              <Text size="xs" c="dimmed" component="div">
                {t('sales.details.share.oddCent')}
              </Text>
            )}
          </Table.Td>
        </Table.Tr>
      ))}
    </>
  );
}

function decidedText(
  decided: NonNullable<CommissionBreakdown['decided_by']>,
  model: NonNullable<CommissionBreakdown['model']>,
  t: TFunction,
) {
  if (decided.kind === 'coupon') return t('sales.details.decided.coupon', { code: decided.coupon_code ?? '' });
  if (decided.kind !== 'click') return t(`sales.attributedBy.${decided.kind}`);
  if (!decided.first_click_id) return t('sales.details.decided.click');
  return t(model === 'first_click' ? 'sales.details.decided.firstClick' : 'sales.details.decided.split');
}
