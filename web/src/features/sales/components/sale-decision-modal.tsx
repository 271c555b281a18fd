import type { SaleAction } from '@contract/sales';
import { Alert, Button, Group, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n';

const CONFIRM_COLOR: Record<SaleAction, string> = {
  approve: 'green',
  cancel: 'gray',
  refund: 'red',
  chargeback: 'grape',
};

/**
 * Asks before a decision that moves money, with an optional note kept in the sale's history. An
 * approval says first why the fraud rules held any of its sales back, so nobody approves one blind.
 */
export function SaleDecisionModal({
  action,
  sales,
  busy,
  onCancel,
  onConfirm,
}: {
  action: SaleAction;
  sales: { id: number; flags: string[] }[];
  busy: boolean;
  onCancel: () => void;
  onConfirm: (note: string) => void;
}) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const flagged = action === 'approve' ? sales.filter((sale) => sale.flags.length > 0) : [];
  const reasons = [...new Set(flagged.flatMap((sale) => sale.flags))];
  return (
    <Modal opened onClose={onCancel} title={t(`sales.confirmTitle.${action}`, { count: sales.length })} centered>
      <Stack gap="md">
        {flagged.length > 0 && (
          <Alert
            color="orange"
            icon={<IconFlag size={18} />}
            title={t('sales.flaggedInDecision', {
              count: flagged.length,
              ids: flagged.map((s) => `#${s.id}`).join(', '),
            })}
          >
            <List size="sm" spacing={4}>
              {reasons.map((flag) => (
                <List.Item key={flag}>
                  <Text span size="sm" fw={600}>
                    {t(`sales.flags.${flag}`)}
                  </Text>
                  : {t(`sales.flagHelp.${flag}`)}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Text size="sm">{t(`sales.confirmText.${action}`)}</Text>
        <Textarea
          label={t('sales.note')}
          maxLength={500}
          autosize
          minRows={2}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('sales.back')}
          </Button>
          <Button color={CONFIRM_COLOR[action]} loading={busy} onClick={() => onConfirm(note.trim())}>
            {t('sales.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
