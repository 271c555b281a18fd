import type { SaleDetail } from '@contract/sales';
import { Card, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../i18n';
import { formatBps, formatMoney } from '../../../lib/format';
import { SaleAttributionRows } from './sale-attribution';
import { SaleSubscriptionRows } from './sale-subscription-rows';

/**
 * A sale's "why": the rule, base and rate of its commission worked out to every digit, who it went
 * to and, for a subscription's charge, which charge it is and what the campaign's recurring rule made of it.
 */
export function SaleCommissionCard({ sale, admin }: { sale: SaleDetail; admin: boolean }) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const { commission } = sale;
  return (
    <Card withBorder padding="lg">
      <Title order={2} fz="lg" mb="md">
        {t('sales.details.why')}
      </Title>
      <Table variant="vertical" layout="fixed" withTableBorder={false}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w="45%">{t('sales.details.rule')}</Table.Th>
            <Table.Td>
              {t(`sales.details.rules.${admin && commission.rule === 'level' ? 'levelAdmin' : commission.rule}`, {
                level: commission.level_name ?? '',
              })}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('sales.details.base')}</Table.Th>
            <Table.Td>{money(commission.base_cents)}</Table.Td>
          </Table.Tr>
          {commission.rate_bps !== null && (
            <Table.Tr>
              <Table.Th>{t('sales.details.rate')}</Table.Th>
              <Table.Td>{formatBps(commission.rate_bps, i18n.language)}</Table.Td>
            </Table.Tr>
          )}
          {commission.fixed_cents !== null && (
            <Table.Tr>
              <Table.Th>{t('sales.details.fixed')}</Table.Th>
              <Table.Td>{money(commission.fixed_cents)}</Table.Td>
            </Table.Tr>
          )}
          <Table.Tr>
            <Table.Th>{t('sales.details.exact')}</Table.Th>
            <Table.Td ff="monospace">{exactReais(commission.exact_cents, i18n.language)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('sales.commission')}</Table.Th>
            <Table.Td fw={700}>{money(commission.commission_cents)}</Table.Td>
          </Table.Tr>
          <SaleAttributionRows sale={sale} admin={admin} />
          <SaleSubscriptionRows sale={sale} />
        </Table.Tbody>
      </Table>
      <Stack gap={4} mt="md">
        {commission.rule !== 'campaign_fixed' && (
          <Text size="xs" c="dimmed">
            {t('sales.details.rounding')}
          </Text>
        )}
        {commission.rule === 'campaign_fixed' && (
          <Text size="xs" c="dimmed">
            {t('sales.details.cappedFixed')}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {t('sales.details.frozen')}
        </Text>
      </Stack>
    </Card>
  );
}

/** "925.875" cents → "R$ 9,25875": every digit of the exact result, in the person's locale. */
function exactReais(exactCents: string, language: string): string {
  const [whole = '0', fraction = ''] = exactCents.split('.');
  const digits = whole.padStart(3, '0');
  const reais = Number(digits.slice(0, -2));
  const decimals = `${digits.slice(-2)}${fraction}`;
  const sample = formatMoney(reais * 100 + 1, language); // e.g. "R$ 12,01": learn the separator
  const separator = /(\D)01\D*$/.exec(sample)?.[1] ?? ',';
  return formatMoney(reais * 100, language).replace(/\D00(\D*)$/, `${separator}${decimals}$1`);
}
