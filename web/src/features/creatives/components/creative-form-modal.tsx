import {
  CREATIVE_FILE_MAX_BYTES,
  CREATIVE_IMAGE_MAX_BYTES,
  CREATIVE_KINDS,
  type Creative,
  type CreativeKind,
} from '@contract/creatives';
import {
  Badge,
  Button,
  FileInput,
  Group,
  Input,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { type TFunction, useTranslation } from '../../../i18n';
import { ApiError } from '../../../lib/api-client';
import { showApiError } from '../../../lib/form';
import { useSaveCreative, useUploadCreativeFile } from '../api/save-creative';
import { type Option, VisibilityFields } from './visibility-fields';

type Values = {
  kind: CreativeKind;
  title: string;
  text: string;
  audience: 'all' | 'chosen';
  level_ids: string[];
  network_ids: string[];
  file: File | null;
};

const ACCEPT: Record<Exclude<CreativeKind, 'text'>, { types: string[]; maxBytes: number }> = {
  image: { types: ['image/png', 'image/jpeg', 'image/webp'], maxBytes: CREATIVE_IMAGE_MAX_BYTES },
  file: { types: ['application/pdf'], maxBytes: CREATIVE_FILE_MAX_BYTES },
};

/** What is wrong with a picked file, checked here first (the server checks again, by its bytes). */
function fileProblem(kind: CreativeKind, file: File | null, isRequired: boolean, t: TFunction): string | null {
  if (kind === 'text') return null;
  if (!file) return isRequired ? t(kind === 'image' ? 'creatives.imageRequired' : 'creatives.fileRequired') : null;
  if (!ACCEPT[kind].types.includes(file.type)) return t(`creatives.${kind}WrongType`);
  if (file.size > ACCEPT[kind].maxBytes) return t(`creatives.${kind}TooBig`);
  return null;
}

/** The server's refusal of an upload, next to the file's field in the person's language. */
function uploadProblem(kind: CreativeKind, error: unknown, t: TFunction): string | null {
  if (!(error instanceof ApiError) || kind === 'text') return null;
  if (error.status === 413) return t(`creatives.${kind}TooBig`);
  if (error.status === 400) return t(`creatives.${kind}WrongType`);
  return null;
}

/**
 * Create a creative (a text, or an image or a PDF with its upload) or change one; its kind stays.
 * Saving is two requests (the item, then its bytes): when the upload fails, the item made is kept
 * and the next try uploads to it instead of making another.
 */
export function CreativeFormModal({
  campaignId,
  creative,
  levels,
  networks,
  onClose,
}: {
  campaignId: number;
  /** Absent: a new creative. */
  creative?: Creative;
  levels: Option[];
  networks: Option[];
  onClose: (saved?: Creative) => void;
}) {
  const { t } = useTranslation();
  const save = useSaveCreative(campaignId);
  const upload = useUploadCreativeFile();
  const [alert, setAlert] = useState<string | null>(null);
  // The item already made by an earlier try whose upload failed.
  const [made, setMade] = useState<Creative | undefined>(creative);
  const visibility = creative?.visibility;
  const form = useForm<Values>({
    initialValues: {
      kind: creative?.kind ?? 'text',
      title: creative?.title ?? '',
      text: creative?.text ?? '',
      audience: visibility && !visibility.all ? 'chosen' : 'all',
      level_ids: (visibility?.level_ids ?? []).map(String),
      network_ids: (visibility?.network_ids ?? []).map(String),
      file: null,
    },
    validate: {
      title: (v) => (v.trim().length > 0 && v.trim().length <= 120 ? null : t('creatives.titleRule')),
      text: (v, values) => {
        if (v.trim().length > 2000) return t('creatives.textTooLong');
        return values.kind === 'text' && v.trim().length === 0 ? t('creatives.textRule') : null;
      },
      level_ids: (v, values) =>
        values.audience === 'chosen' && v.length + values.network_ids.length === 0
          ? t('creatives.chooseAudience')
          : null,
      file: (v, values) => fileProblem(values.kind, v, !made?.file_url, t),
    },
  });
  const { kind } = form.getValues();

  const submit = form.onSubmit(async (values) => {
    setAlert(null);
    const body = {
      title: values.title.trim(),
      text: values.text.trim(),
      visibility:
        values.audience === 'all'
          ? { all: true, level_ids: [], network_ids: [] }
          : { all: false, level_ids: values.level_ids.map(Number), network_ids: values.network_ids.map(Number) },
    };
    let saved: Creative;
    try {
      saved = await save.mutateAsync(made ? { id: made.id, body } : { body: { kind: values.kind, ...body } });
      setMade(saved);
    } catch (error) {
      setAlert(
        showApiError(form, error, t, {
          'visibility.level_ids': { field: 'level_ids' },
          'visibility.network_ids': { field: 'level_ids' },
        }),
      );
      return;
    }
    if (values.file) {
      try {
        saved = await upload.mutateAsync({ id: saved.id, file: values.file });
      } catch (error) {
        const problem = uploadProblem(values.kind, error, t);
        if (problem) form.setFieldError('file', problem);
        else setAlert(showApiError(form, error, t));
        return;
      }
    }
    onClose(saved);
  });

  const isNew = !creative;
  const fileKind = kind === 'text' ? null : kind;
  return (
    <Modal
      opened
      onClose={() => onClose(made)}
      title={isNew ? t('creatives.create') : t('creatives.edit')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormAlert message={alert} />
          {made ? (
            // The kind stays once made: said, not offered as a control that cannot change.
            <Input.Wrapper label={t('creatives.kind')} labelElement="div">
              <Group gap="xs" mt={4} wrap="nowrap">
                <Badge variant="light" color="gray">
                  {t(`creatives.kinds.${made.kind}`)}
                </Badge>
                <Text size="xs" c="dimmed">
                  {t('creatives.kindFixed')}
                </Text>
              </Group>
            </Input.Wrapper>
          ) : (
            <Input.Wrapper label={t('creatives.kind')} labelElement="div" labelProps={{ id: 'creative-kind-label' }}>
              <SegmentedControl
                aria-labelledby="creative-kind-label"
                fullWidth
                mt={4}
                data={CREATIVE_KINDS.map((value) => ({ value, label: t(`creatives.kinds.${value}`) }))}
                {...form.getInputProps('kind')}
                onChange={(value) => {
                  form.setFieldValue('kind', value as CreativeKind);
                  form.setFieldValue('file', null);
                  form.clearFieldError('file');
                }}
              />
            </Input.Wrapper>
          )}
          <TextInput
            label={t('creatives.titleLabel')}
            description={t('creatives.titleHelp')}
            required
            maxLength={120}
            {...form.getInputProps('title')}
          />
          <Textarea
            label={kind === 'text' ? t('creatives.text') : t('creatives.caption')}
            description={
              kind === 'text'
                ? t('creatives.placeholders')
                : `${t('creatives.captionHelp')} ${t('creatives.placeholders')}`
            }
            required={kind === 'text'}
            autosize
            minRows={4}
            maxRows={12}
            maxLength={2000}
            {...form.getInputProps('text')}
          />
          {fileKind && (
            <FileInput
              label={t(`creatives.${fileKind}`)}
              description={
                made?.file_name
                  ? `${t(`creatives.${fileKind}Help`)} ${t('creatives.currentFile', { name: made.file_name })}`
                  : t(`creatives.${fileKind}Help`)
              }
              placeholder={t('creatives.chooseFile')}
              // Mantine's placeholder grey reads below 4.5:1 here, where it is text and not an input's hint.
              styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
              accept={ACCEPT[fileKind].types.join(',')}
              required={!made?.file_url}
              clearable
              leftSection={<IconUpload size={16} />}
              {...form.getInputProps('file')}
            />
          )}
          <VisibilityFields form={form} levels={levels} networks={networks} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => onClose(made)}>
              {t('creatives.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending || upload.isPending}>
              {t('creatives.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
