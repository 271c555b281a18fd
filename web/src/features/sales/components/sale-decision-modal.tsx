import type { SaleAction } from '@contract/sales';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n';

const CONFIRM_COLOR: Record<SaleAction, string> = {
  approve: 'green',
  cancel: 'gray',
  refund: 'red',
  chargeback: 'grape',
};

/** Asks before a decision that moves money, with an optional note kept in the sale's history. */
export function SaleDecisionModal({
  action,
  count,
  busy,
  onCancel,
  onConfirm,
}: {
  action: SaleAction;
  count: number;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (note: string) => void;
}) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  return (
    <Modal opened onClose={onCancel} title={t(`sales.confirmTitle.${action}`, { count })} centered>
      <Stack gap="md">
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
