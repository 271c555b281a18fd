import { Box, Container, Group, Stack } from '@mantine/core';
import { BrandMark } from '../../components/brand-mark';
import { FormAlert } from '../../components/form-alert';
import { ScreenSpinner } from '../../components/screen-spinner';
import { RegisterForm } from '../../features/auth/components/register-form';
import { usePublicProgramme } from '../../features/programme/api/get-programme';
import { CommissionHighlights } from '../../features/programme/components/commission-highlights';
import { ProgrammeFaq } from '../../features/programme/components/programme-faq';
import { ProgrammeHero } from '../../features/programme/components/programme-hero';
import { useTranslation } from '../../i18n';
import { ColorModeToggle, LanguageSelect } from '../../layouts/page-controls';
import { errorMessage } from '../../lib/form';

const APPLY_ID = 'inscricao';

/**
 * /programa: the public programme page, signed in or not (decision 043). Its own chunk with the
 * sign-up form and no signed-in code: a phone on a slow network gets the page and the form at once.
 */
export default function ProgrammeScreen() {
  const { t } = useTranslation();
  const state = usePublicProgramme();
  return (
    <Box mih="100dvh" bg="var(--mantine-color-body)" pb="xl">
      <Group justify="space-between" px="md" py="sm" component="header">
        <BrandMark />
        <Group gap="xs">
          <LanguageSelect />
          <ColorModeToggle />
        </Group>
      </Group>
      <Container size="lg" component="main" pt={{ base: 'md', sm: 'xl' }}>
        {state.status === 'loading' && <ScreenSpinner />}
        {state.status === 'failed' && (
          <FormAlert message={`${t('programme.unavailable')} ${errorMessage(state.error, t)}`} />
        )}
        {state.status === 'ready' && (
          <Stack gap="xl">
            <ProgrammeHero name={state.programme.name} pitch={state.programme.pitch} applyHref={`#${APPLY_ID}`} />
            <CommissionHighlights highlights={state.programme.highlights} />
            {/* Side by side where both fit (a laptop), the form first on a phone; no grid component to load. */}
            <Group gap="xl" align="flex-start">
              <Box id={APPLY_ID} style={{ flex: '1 1 360px', minWidth: 0, scrollMarginTop: 16 }}>
                <RegisterForm
                  questions={state.programme.questions}
                  title={t('programme.apply')}
                  subtitle={t('programme.applySubtitle')}
                  withBrand={false}
                />
              </Box>
              <Box style={{ flex: '1 1 360px', minWidth: 0 }}>
                <ProgrammeFaq faq={state.programme.faq} />
              </Box>
            </Group>
          </Stack>
        )}
      </Container>
    </Box>
  );
}
