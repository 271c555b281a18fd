import type { Redemption } from '@contract/ledger';
import type { PayoutInvoice } from '@contract/payouts';
import { Button, Card, FileButton, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { type Feedback, FormAlert } from '../../../components/form-alert';
import { StatusBadge } from '../../../components/status-badge';
import { useTranslation } from '../../../i18n';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/form';
import { formatMoney } from '../../../lib/format';
import { useInvoice, useOpenRedemptions, useSendInvoice } from '../api/invoices';

const INVOICE_COLORS: Record<PayoutInvoice['status'], string> = { review: 'yellow', accepted: 'green', refused: 'red' };

/** A company affiliate's NFS-e for each redemption still to be paid: sent here, checked before payment. */
export function InvoiceUploads() {
  const { t } = useTranslation();
  const open = useOpenRedemptions();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="invoices-title">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg" id="invoices-title">
            {t('invoices.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('invoices.description')}
          </Text>
        </div>
        {open.isPending ? (
          <Skeleton h={72} />
        ) : open.isError ? (
          <FormAlert message={errorMessage(open.error, t)} />
        ) : open.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('invoices.empty')}
          </Text>
        ) : (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {open.data.map((redemption) => (
              <InvoiceRow key={redemption.id} redemption={redemption} />
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

function InvoiceRow({ redemption }: { redemption: Redemption }) {
  const { t, i18n } = useTranslation();
  const invoice = useInvoice(redemption.id);
  const send = useSendInvoice();
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const amount = formatMoney(redemption.amount_cents, i18n.language);

  async function choose(file: File | null) {
    setFeedback(null);
    if (!file) return;
    try {
      await send.mutateAsync({ redemptionId: redemption.id, file });
      setFeedback({ tone: 'success', text: t('invoices.sent') });
    } catch (error) {
      // The API names the file when its value is not the redemption's: said in the person's language.
      const isFileRefused = error instanceof ApiError && error.errors.some((e) => e.field === 'file');
      const text = isFileRefused ? t('invoices.fileRefused', { amount }) : errorMessage(error, t);
      setFeedback({ tone: 'error', text });
    }
  }

  const current = invoice.data;
  return (
    <Card component="li" withBorder padding="sm" data-testid="invoice-row">
      <Stack gap="xs">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Stack gap={0}>
            <Text fw={600} size="sm">
              {t('invoices.redemption', { id: redemption.id, amount })}
            </Text>
            <Text size="xs" c="dimmed">
              {t(`invoices.redemptionStatus.${redemption.status}`)}
            </Text>
          </Stack>
          <Group gap="sm" wrap="wrap">
            {invoice.isPending ? (
              <Skeleton h={20} w={90} />
            ) : current ? (
              <StatusBadge color={INVOICE_COLORS[current.status]}>
                {t(`invoices.statuses.${current.status}`)}
              </StatusBadge>
            ) : (
              <StatusBadge color="gray">{t('invoices.statuses.none')}</StatusBadge>
            )}
            {current?.status !== 'accepted' && (
              <FileButton onChange={choose} accept=".pdf,.xml,application/pdf,application/xml,text/xml">
                {(props) => (
                  <Button
                    {...props}
                    size="compact-sm"
                    variant="light"
                    leftSection={<IconUpload size={14} />}
                    loading={send.isPending}
                    aria-label={t('invoices.sendFor', { id: redemption.id })}
                  >
                    {t('invoices.send')}
                  </Button>
                )}
              </FileButton>
            )}
          </Group>
        </Group>
        {current?.note && (
          <Text size="sm" c={current.status === 'refused' ? 'red.8' : 'dimmed'}>
            {t('invoices.note', { note: current.note })}
          </Text>
        )}
        <FormAlert message={feedback?.text} tone={feedback?.tone} />
      </Stack>
    </Card>
  );
}
