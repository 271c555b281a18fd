import type { ApplicationAnswer } from '@contract/programme';
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../i18n';

/** What an affiliate answered when applying: each question as it was asked, and the answer. */
export function AnswerList({ answers, compact = false }: { answers: ApplicationAnswer[]; compact?: boolean }) {
  const size = compact ? 'xs' : 'sm';
  return (
    <Stack gap={compact ? 2 : 'xs'} component="dl" m={0}>
      {answers.map((answer) => (
        <div key={answer.question_id}>
          <Text component="dt" size={size} c="dimmed">
            {answer.label}
          </Text>
          <Text component="dd" size={size} m={0} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {answer.kind === 'url' ? (
              <Anchor href={answer.value} target="_blank" rel="noopener noreferrer nofollow" size={size}>
                {answer.value}
              </Anchor>
            ) : (
              answer.value
            )}
          </Text>
        </div>
      ))}
    </Stack>
  );
}

/** The affiliate's admin page: the application's answers in a card of their own. */
export function ApplicationAnswers({ answers }: { answers: ApplicationAnswer[] }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="lg">
      <Title order={2} fz="lg" mb="md">
        {t('affiliates.answers')}
      </Title>
      {answers.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('affiliates.noAnswers')}
        </Text>
      ) : (
        <AnswerList answers={answers} />
      )}
    </Paper>
  );
}
