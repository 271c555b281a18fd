import type { Bonus } from '@contract/bonuses';
import { Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { PageHeader } from '../../../components/page-header';
import { BonusAwardsTable } from '../../../features/bonuses/components/bonus-awards-table';
import { BonusFormModal } from '../../../features/bonuses/components/bonus-form-modal';
import { BonusesTable } from '../../../features/bonuses/components/bonuses-table';
import { GrantBonusCard } from '../../../features/bonuses/components/grant-bonus-card';
import { useTranslation } from '../../../i18n';

/** `/admin/bonus`: performance bonuses, one-off bonuses, and every bonus paid. */
export default function BonusesScreen() {
  const { t } = useTranslation();
  // null: no form open; 'new': a new bonus; a bonus: that one, to change.
  const [editing, setEditing] = useState<Bonus | 'new' | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  return (
    <>
      <PageHeader
        title={t('screens.adminBonuses')}
        description={t('bonuses.description')}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            {t('bonuses.create')}
          </Button>
        }
      />
      <Stack gap="lg">
        <FormAlert message={saved ? t('bonuses.saved', { name: saved }) : null} tone="success" />
        <BonusesTable onEdit={setEditing} />
        <GrantBonusCard />
        <BonusAwardsTable />
      </Stack>
      {editing && (
        <BonusFormModal
          bonus={editing === 'new' ? undefined : editing}
          onClose={(bonus) => {
            setEditing(null);
            if (bonus) setSaved(bonus.name);
          }}
        />
      )}
    </>
  );
}
