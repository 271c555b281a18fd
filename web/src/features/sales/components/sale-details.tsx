import type { SaleAction, SaleDetail, SaleEvent } from '@contract/sales';
import { Button, Card, Divider, Group, SimpleGrid, Stack, Text, ThemeIcon, Timeline, Title } from '@mantine/core';
import {
  IconArrowBackUp,
  IconCheck,
  IconClick,
  IconCoin,
  IconCreditCardRefund,
  IconReceipt,
  IconX,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { type Feedback, FormAlert } from '../../../components/form-alert';
import { useTranslation } from '../../../i18n';
import { errorMessage } from '../../../lib/form';
import { formatDateTime, formatMoney, formatSignedMoney } from '../../../lib/format';
import { useDecideSale } from '../api/sales';
import { originLabel } from './origin-label';
import { SaleCommissionCard } from './sale-commission-card';
import { SaleDecisionModal } from './sale-decision-modal';
import { saleEventBy, saleEventNote } from './sale-event-words';
import { SaleFlags, SaleStatusBadge } from './sale-status-badge';

const EVENT_ICON: Record<SaleEvent['kind'], ReactNode> = {
  click: <IconClick size={14} />,
  sale: <IconReceipt size={14} />,
  approved: <IconCheck size={14} />,
  cancelled: <IconX size={14} />,
  refunded: <IconArrowBackUp size={14} />,
  chargeback: <IconCreditCardRefund size={14} />,
  ledger: <IconCoin size={14} />,
};

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

/** One sale: what it is, its story from click to ledger, and how its commission was worked out. */
export function SaleDetails({ sale, admin }: { sale: SaleDetail; admin: boolean }) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const when = (iso: string) => formatDateTime(iso, i18n.language);
  const decide = useDecideSale();
  const [action, setAction] = useState<SaleAction | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);

  const confirm = async (note: string) => {
    if (!action) return;
    try {
      const decided = await decide.mutateAsync({ id: sale.id, action, note: note || undefined });
      setFeedback({
        tone: 'success',
        text: t('sales.decided', { id: sale.id, status: t(`sales.statuses.${decided.status}`) }),
      });
    } catch (error) {
      setFeedback({ tone: 'error', text: errorMessage(error, t) });
    }
    setAction(null);
  };

  const eventLabel = (event: SaleEvent) => {
    if (event.kind !== 'ledger' || !event.ledger_kind) return t(`sales.details.events.${event.kind}`);
    // A sale is reversed once: by a refund or by a chargeback, which its status tells.
    if (event.ledger_kind === 'reversal' && sale.status === 'chargeback') {
      return t('sales.details.ledger.reversalChargeback');
    }
    return t(`sales.details.ledger.${event.ledger_kind}`);
  };
  const isReversed = sale.status === 'cancelled' || sale.status === 'refunded' || sale.status === 'chargeback';
  return (
    <Stack gap="lg">
      <FormAlert message={feedback?.text ?? null} tone={feedback?.tone} />
      <Card withBorder padding="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap" mb="md">
          <Stack gap={4}>
            <Group gap="xs">
              <SaleStatusBadge status={sale.status} />
              <SaleFlags flags={sale.flags} />
            </Group>
            <Text fz={28} fw={700}>
              {money(sale.amount_cents)}
            </Text>
            <Text size="sm" c="dimmed">
              {/* Each part isolated: a Latin name beside an Arabic date keeps each in its own order. */}
              <bdi>{sale.campaign_name}</bdi> · <bdi>{when(sale.created_at)}</bdi>
            </Text>
          </Stack>
          <Stack gap={2} align="flex-end">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {t('sales.commission')}
            </Text>
            <Text fz={28} fw={700} c={isReversed ? 'dimmed' : 'green.8'} data-testid="sale-commission">
              {money(sale.commission_cents)}
            </Text>
          </Stack>
        </Group>
        {admin && (sale.status === 'pending' || sale.status === 'approved') && (
          <Group gap="xs" mb="md">
            {sale.status === 'pending' && (
              <>
                <Button color="green" leftSection={<IconCheck size={16} />} onClick={() => setAction('approve')}>
                  {t('sales.approve')}
                </Button>
                <Button variant="default" leftSection={<IconX size={16} />} onClick={() => setAction('cancel')}>
                  {t('sales.cancel')}
                </Button>
              </>
            )}
            {sale.status === 'approved' && (
              <Button
                color="red"
                variant="light"
                leftSection={<IconArrowBackUp size={16} />}
                onClick={() => setAction('refund')}
              >
                {t('sales.refund')}
              </Button>
            )}
            {/* The card issuer can take the money back before approval as well as after. */}
            <Button
              color="grape"
              variant="light"
              leftSection={<IconCreditCardRefund size={16} />}
              onClick={() => setAction('chargeback')}
            >
              {t('sales.chargeback')}
            </Button>
          </Group>
        )}
        <Divider mb="md" />
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          {admin && <Fact label={t('sales.affiliate')}>{`${sale.affiliate_name} (${sale.affiliate_code})`}</Fact>}
          <Fact label={t('sales.paymentMethod')}>{t(`campaigns.methods.${sale.payment_method}`)}</Fact>
          <Fact label={t('sales.details.order')}>{sale.external_id ?? '—'}</Fact>
          <Fact label={t('sales.origin')}>{originLabel(sale.origin, t) || '—'}</Fact>
          <Fact label={t('sales.details.source')}>{t(`sales.sources.${sale.source}`)}</Fact>
          <Fact label={t('sales.details.attributed')}>{t(`sales.attributedBy.${sale.attributed_by}`)}</Fact>
          <Fact label={t('sales.details.customer')}>{sale.customer_email ?? '—'}</Fact>
          {sale.status === 'pending' && <Fact label={t('sales.details.payable')}>{when(sale.payable_at)}</Fact>}
          {sale.click && (
            <Fact label={t('sales.details.link')}>
              <Text span ff="monospace" size="sm">
                /r/{sale.click.link_code}
              </Text>
              {[sale.click.sub_id, sale.click.utm_source, sale.click.utm_medium, sale.click.utm_campaign].filter(
                Boolean,
              ).length > 0 &&
                ` · ${[sale.click.sub_id, sale.click.utm_source, sale.click.utm_medium, sale.click.utm_campaign].filter(Boolean).join(' · ')}`}
            </Fact>
          )}
        </SimpleGrid>
      </Card>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder padding="lg">
          <Title order={2} fz="lg" mb="md">
            {t('sales.details.timeline')}
          </Title>
          <Timeline bulletSize={26} lineWidth={2} active={sale.timeline.length - 1}>
            {sale.timeline.map((event, index) => (
              <Timeline.Item
                // biome-ignore lint/suspicious/noArrayIndexKey: a sale's story is append-only and never reordered
                key={index}
                bullet={
                  <ThemeIcon
                    size={26}
                    radius="xl"
                    variant="light"
                    color={
                      event.kind === 'chargeback'
                        ? 'grape'
                        : event.amount_cents !== undefined && event.amount_cents < 0
                          ? 'red'
                          : 'brand'
                    }
                  >
                    {EVENT_ICON[event.kind]}
                  </ThemeIcon>
                }
                title={eventLabel(event)}
              >
                <Text size="xs" c="dimmed">
                  {when(event.at)}
                  {saleEventBy(event, t) ? ` · ${saleEventBy(event, t)}` : ''}
                </Text>
                {event.amount_cents !== undefined && (
                  // The sign and the bullet's colour say which way it went: green and red text this small
                  // fall below AA contrast on white.
                  <Text size="sm" fw={700}>
                    {formatSignedMoney(event.amount_cents, i18n.language)}
                  </Text>
                )}
                {event.kind === 'click' && sale.click?.referrer && (
                  <Text size="xs" c="dimmed">
                    {t('sales.details.referrer')}: {sale.click.referrer}
                  </Text>
                )}
                {saleEventNote(event) && (
                  <Text size="sm" fs="italic">
                    “{saleEventNote(event)}”
                  </Text>
                )}
              </Timeline.Item>
            ))}
          </Timeline>
        </Card>
        <SaleCommissionCard sale={sale} admin={admin} />
      </SimpleGrid>
      {action && (
        <SaleDecisionModal
          action={action}
          sales={[sale]}
          busy={decide.isPending}
          onCancel={() => setAction(null)}
          onConfirm={confirm}
        />
      )}
    </Stack>
  );
}
