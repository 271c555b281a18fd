import { Anchor, Skeleton } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { FormAlert } from '../../../components/form-alert';
import { PageHeader } from '../../../components/page-header';
import { useProgrammeSettings } from '../../../features/programme/api/programme-settings';
import { ProgrammeSettingsForm } from '../../../features/programme/components/programme-settings-form';
import { useTranslation } from '../../../i18n';
import { errorMessage } from '../../../lib/form';
import { paths } from '../../paths';

/** `/admin/programa`: the public programme page and the application's questions. */
export default function ProgrammeSettingsScreen() {
  const { t } = useTranslation();
  const settings = useProgrammeSettings();
  return (
    <>
      <PageHeader
        title={t('screens.adminProgramme')}
        description={t('programmeSettings.description')}
        actions={
          <Anchor href={paths.programme} target="_blank" size="sm">
            {t('programmeSettings.openPage')} <IconExternalLink size={14} style={{ verticalAlign: 'middle' }} />
          </Anchor>
        }
      />
      {settings.isPending ? (
        <Skeleton h={420} />
      ) : settings.data ? (
        <ProgrammeSettingsForm settings={settings.data} />
      ) : (
        <FormAlert message={errorMessage(settings.error, t)} />
      )}
    </>
  );
}
