import { Stack } from '@mantine/core';
import { PageHeader } from '../../../components/page-header';
import { AnnouncementForm } from '../../../features/messages/components/announcement-form';
import { AnnouncementsTable } from '../../../features/messages/components/announcements-table';
import { useTranslation } from '../../../i18n';

/** `/admin/comunicados`: write an announcement to a segment, and see how far each one went. */
export default function AdminAnnouncementsScreen() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('screens.adminAnnouncements')} description={t('messages.announcementsDescription')} />
      <Stack gap="lg">
        <AnnouncementForm />
        <AnnouncementsTable />
      </Stack>
    </>
  );
}
