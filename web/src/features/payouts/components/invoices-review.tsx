import type { InvoiceLine } from '@contract/payouts';
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDownload, IconFileInvoice } from '@tabler/icons-react';
import { useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { ListSkeleton } from '../../../components/list-skeleton';
import { useTranslation } from '../../../i18n';
import { errorMessage } from '../../../lib/form';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { downloadInvoice, useInvoicesToCheck, useReviewInvoice } from '../api/invoices';

/** One PDF invoice to check: open the file, compare its value, then accept or refuse saying why. */
function InvoiceToCheck({ line }: { line: InvoiceLine }) {
  const { t, i18n } = useTranslation();
  const review = useReviewInvoice();
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const decide = (accept: boolean) =>
    review.mutate(
      { redemptionId: line.redemption_id, accept, note: note.trim() || undefined },
      { onError: (error) => setProblem(errorMessage(error, t)) },
    );
  return (
    <Card withBorder padding="md" radius="md" data-testid="invoice-to-check">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={0}>
            <Text fw={600}>{line.legal_name ?? line.affiliate_name}</Text>
            <Text size="xs" c="dimmed">
              {t('invoices.review.of', {
                id: line.redemption_id,
                amount: formatMoney(line.redemption_amount_cents, i18n.language),
                at: formatDateTime(line.uploaded_at, i18n.language),
              })}
            </Text>
          </Stack>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconDownload size={14} />}
            onClick={() => downloadInvoice(line)}
          >
            {t('invoices.review.open')}
          </Button>
        </Group>
        <FormAlert message={problem} />
        <TextInput
          size="xs"
          label={t('invoices.review.note')}
          maxLength={300}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
        <Group gap="xs" justify="flex-end">
          <Button
            size="xs"
            variant="subtle"
            color="red"
            loading={review.isPending && review.variables?.accept === false}
            onClick={() => decide(false)}
          >
            {t('invoices.review.refuse')}
          </Button>
          <Button
            size="xs"
            color="green"
            loading={review.isPending && review.variables?.accept === true}
            onClick={() => decide(true)}
          >
            {t('invoices.review.accept', { amount: formatMoney(line.redemption_amount_cents, i18n.language) })}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** The NFS-e (PDF) companies sent that wait for an admin's check before their redemptions are batched. */
export function InvoicesReview() {
  const { t } = useTranslation();
  const invoices = useInvoicesToCheck();
  return (
    <Stack gap="sm">
      <Stack gap={2}>
        <Title order={2} size="h4">
          {t('invoices.review.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('invoices.review.description')}
        </Text>
      </Stack>
      {invoices.isPending ? (
        <ListSkeleton label={t('invoices.review.title')} rows={2} />
      ) : invoices.data && invoices.data.length > 0 ? (
        invoices.data.map((line) => <InvoiceToCheck key={line.redemption_id} line={line} />)
      ) : (
        <Group gap="xs" c="dimmed">
          <IconFileInvoice size={20} stroke={1.4} />
          <Text size="sm">{t('invoices.review.none')}</Text>
        </Group>
      )}
    </Stack>
  );
}
