import { Card, Code, Group, Skeleton, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n';
import { formatDateTime } from '../../../lib/format';
import { useAuditTrail } from '../api/audit-trail';

/** The fields that differ between two snapshots of a record. */
function changedFields(before: unknown, after: unknown): { field: string; from: unknown; to: unknown }[] {
  const a = (before ?? {}) as Record<string, unknown>;
  const b = (after ?? {}) as Record<string, unknown>;
  return [...new Set([...Object.keys(a), ...Object.keys(b)])]
    .filter((field) => JSON.stringify(a[field]) !== JSON.stringify(b[field]))
    .map((field) => ({ field, from: a[field], to: b[field] }));
}

const show = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : String(value));

/** The latest changes of one record: who, what, before and after, when. */
export function AuditTrail({ entity, entityId }: { entity: string; entityId: number }) {
  const { t, i18n } = useTranslation();
  const trail = useAuditTrail(entity, entityId);
  return (
    <Card withBorder padding="lg">
      <Group gap="xs" mb="md">
        <IconHistory size={20} aria-hidden />
        <Title order={2} fz="lg">
          {t('audit.title')}
        </Title>
      </Group>
      {trail.isPending ? (
        <Stack gap="xs">
          <Skeleton h={16} />
          <Skeleton h={16} w="70%" />
        </Stack>
      ) : !trail.data?.length ? (
        <Text c="dimmed" size="sm">
          {t('audit.empty')}
        </Text>
      ) : (
        <Timeline bulletSize={14} lineWidth={2}>
          {trail.data.map((entry) => {
            const changes = entry.action.endsWith('.update') ? changedFields(entry.before, entry.after) : [];
            return (
              // `affiliate.network`, `approve`: the verb is the last part; one the screens do not know reads "Changed".
              <Timeline.Item
                key={entry.id}
                title={t(`audit.actions.${entry.action.split('.').at(-1)}`, {
                  defaultValue: t('audit.actions.update'),
                })}
              >
                <Text size="xs" c="dimmed">
                  {entry.actor_name ?? t('audit.system')} · {formatDateTime(entry.at, i18n.language)}
                </Text>
                {changes.map((change) => (
                  <Text key={change.field} size="sm">
                    <Code>{change.field}</Code> {show(change.from)} → {show(change.to)}
                  </Text>
                ))}
              </Timeline.Item>
            );
          })}
        </Timeline>
      )}
    </Card>
  );
}
