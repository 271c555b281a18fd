import { BRASILIA_OFFSET } from '@contract/calendar';
import '@mantine/tiptap/styles.css';
import {
  ATTRIBUTION_MODELS,
  type AttributionModel,
  type Campaign,
  type CampaignStatus,
  campaignBodySchema,
  PAYMENT_METHODS,
  type PaymentMethod,
} from '@contract/campaigns';
import { centsOf, formatMoneyInput } from '@contract/money-text';
import {
  Button,
  Card,
  Group,
  Image,
  Input,
  NumberInput,
  Radio,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { RichTextEditor, Link as TiptapLink } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { pathTo } from '../../../app/paths';
import { DayInput } from '../../../components/day-input';
import { FormAlert } from '../../../components/form-alert';
import { ImageUploadButton } from '../../../components/image-upload-button';
import { MoneyInput } from '../../../components/money-input';
import { useTranslation } from '../../../i18n';
import { showApiError } from '../../../lib/form';
import { numberSeparators } from '../../../lib/format';
import { moneyRule } from '../../../lib/money-rule';
import { useSaveCampaign, useUploadCampaignImage } from '../api/campaigns';
import {
  CampaignRecurringFields,
  type RecurringValues,
  recurringBody,
  recurringInitialValues,
  recurringRules,
} from './campaign-recurring-fields';
import { CheckoutHint } from './checkout-hint';

type Mode = 'level' | 'percent' | 'fixed';
type Values = RecurringValues & {
  name: string;
  destination_url: string;
  mode: Mode;
  /** A percentage, in percent mode. */
  commission: number | string;
  /** Reais as typed, in fixed mode. */
  commission_fixed: string;
  cookie_days: number | string;
  hold_days: number | string;
  holds: Record<PaymentMethod, number | string>;
  starts_on: string;
  ends_on: string;
  status: CampaignStatus;
  attribution_model: AttributionModel;
  description: string;
};

const dateOnly = (iso: string | null) => (iso ? iso.slice(0, 10) : '');
const isWhole = (v: number | string) => v !== '' && Number.isInteger(Number(v)) && Number(v) >= 0;

function initialValues(campaign?: Campaign): Values {
  const mode: Mode = campaign?.commission_type ?? (campaign ? 'level' : 'percent');
  const value = campaign?.commission_value;
  return {
    name: campaign?.name ?? '',
    destination_url: campaign?.destination_url ?? 'https://',
    mode,
    commission: mode === 'percent' && typeof value === 'number' ? value / 100 : '',
    commission_fixed: mode === 'fixed' && typeof value === 'number' ? formatMoneyInput(value) : '',
    cookie_days: campaign?.cookie_days ?? 30,
    hold_days: campaign?.hold_days ?? 7,
    holds: Object.fromEntries(
      PAYMENT_METHODS.map((m) => [m, campaign?.hold_days_by_method[m] ?? '']),
    ) as Values['holds'],
    starts_on: dateOnly(campaign?.starts_at ?? null),
    ends_on: dateOnly(campaign?.ends_at ?? null),
    status: campaign?.status ?? 'active',
    attribution_model: campaign?.attribution_model ?? 'last_click',
    description: campaign?.description ?? '',
    ...recurringInitialValues(campaign),
  };
}

/** Create or edit a campaign; percent and reais on screen, basis points and cents on the wire. */
export function CampaignForm({ campaign }: { campaign?: Campaign }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveCampaign(campaign?.id);
  const [alert, setAlert] = useState<string | null>(null);
  const separators = numberSeparators(i18n.language);
  const form = useForm<Values>({
    initialValues: initialValues(campaign),
    validate: {
      name: (v) => (v.trim() ? null : t('validation.required')),
      destination_url: (v) => (/^https?:\/\/[^\s]+\.[^\s]+$/.test(v.trim()) ? null : t('campaigns.urlRule')),
      commission: (v, values) =>
        values.mode !== 'percent' || (v !== '' && Number(v) >= 0 && Number(v) <= 100)
          ? null
          : t('campaigns.commissionRule'),
      commission_fixed: (v, values) =>
        values.mode === 'fixed'
          ? moneyRule(campaignBodySchema.shape.commission_value, t('campaigns.commissionRule'), t)(v)
          : null,
      cookie_days: (v) => (isWhole(v) && Number(v) >= 1 && Number(v) <= 365 ? null : t('campaigns.daysRule')),
      hold_days: (v) => (isWhole(v) && Number(v) <= 365 ? null : t('campaigns.daysRule')),
      ends_on: (v, values) => (v && values.starts_on && v <= values.starts_on ? t('campaigns.endsRule') : null),
      ...recurringRules(t),
    },
  });
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false }), TiptapLink.configure({ openOnClick: false })],
    content: form.getValues().description,
    immediatelyRender: false,
    onUpdate: ({ editor: current }) => form.setFieldValue('description', current.getHTML()),
  });

  const submit = form.onSubmit(async (values) => {
    setAlert(null);
    const holds = Object.fromEntries(
      Object.entries(values.holds)
        .filter(([, v]) => v !== '')
        .map(([m, v]) => [m, Number(v)]),
    );
    try {
      const saved = await save.mutateAsync({
        name: values.name.trim(),
        description: values.description === '<p></p>' ? '' : values.description,
        destination_url: values.destination_url.trim(),
        commission_type: values.mode === 'level' ? null : values.mode,
        commission_value:
          values.mode === 'level'
            ? null
            : values.mode === 'fixed'
              ? centsOf(values.commission_fixed)
              : Math.round(Number(values.commission) * 100),
        cookie_days: Number(values.cookie_days),
        hold_days: Number(values.hold_days),
        hold_days_by_method: holds,
        starts_at: values.starts_on ? `${values.starts_on}T00:00:00${BRASILIA_OFFSET}` : null,
        ends_at: values.ends_on ? `${values.ends_on}T23:59:59${BRASILIA_OFFSET}` : null,
        status: values.status,
        attribution_model: values.attribution_model,
        ...recurringBody(values),
      });
      navigate(campaign ? pathTo('campaignDetails', { id: saved.id }) : pathTo('adminCampaignEdit', { id: saved.id }), {
        state: { saved: true },
      });
    } catch (error) {
      setAlert(showApiError(form, error, t));
    }
  });

  const mode = form.getValues().mode;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <FormAlert message={alert} />
        <Card withBorder padding="lg">
          <Stack gap="md">
            <TextInput label={t('campaigns.name')} required maxLength={120} {...form.getInputProps('name')} />
            <TextInput
              label={t('campaigns.destination')}
              description={t('campaigns.destinationHelp')}
              required
              type="url"
              {...form.getInputProps('destination_url')}
            />
            <CheckoutHint destination={form.getValues().destination_url} />
            <Input.Wrapper label={t('campaigns.about')}>
              <RichTextEditor
                editor={editor}
                mt={4}
                // The toolbar's names, read by screen readers and shown as tooltips, in the person's language.
                labels={{
                  boldControlLabel: t('campaigns.editor.bold'),
                  italicControlLabel: t('campaigns.editor.italic'),
                  underlineControlLabel: t('campaigns.editor.underline'),
                  h3ControlLabel: t('campaigns.editor.heading'),
                  bulletListControlLabel: t('campaigns.editor.bulletList'),
                  orderedListControlLabel: t('campaigns.editor.orderedList'),
                  linkControlLabel: t('campaigns.editor.link'),
                  unlinkControlLabel: t('campaigns.editor.unlink'),
                  linkEditorInputLabel: t('campaigns.editor.linkAddress'),
                  linkEditorSave: t('campaigns.editor.linkSave'),
                  linkEditorExternalLink: t('campaigns.editor.linkNewTab'),
                  linkEditorInternalLink: t('campaigns.editor.linkSameTab'),
                }}
              >
                <RichTextEditor.Toolbar>
                  <RichTextEditor.ControlsGroup>
                    <RichTextEditor.Bold />
                    <RichTextEditor.Italic />
                    <RichTextEditor.Underline />
                  </RichTextEditor.ControlsGroup>
                  <RichTextEditor.ControlsGroup>
                    <RichTextEditor.H3 />
                    <RichTextEditor.BulletList />
                    <RichTextEditor.OrderedList />
                  </RichTextEditor.ControlsGroup>
                  <RichTextEditor.ControlsGroup>
                    <RichTextEditor.Link />
                    <RichTextEditor.Unlink />
                  </RichTextEditor.ControlsGroup>
                </RichTextEditor.Toolbar>
                <RichTextEditor.Content mih={140} />
              </RichTextEditor>
            </Input.Wrapper>
          </Stack>
        </Card>
        <Card withBorder padding="lg">
          <Title order={2} fz="lg" mb="md">
            {t('campaigns.commission')}
          </Title>
          <Stack gap="md">
            <SegmentedControl
              aria-label={t('campaigns.commission')}
              value={mode}
              onChange={(value) => form.setFieldValue('mode', value as Mode)}
              data={[
                { value: 'percent', label: t('campaigns.modePercent') },
                { value: 'fixed', label: t('campaigns.modeFixed') },
                { value: 'level', label: t('campaigns.levelRateAdmin') },
              ]}
            />
            {mode === 'level' ? (
              <Text size="sm" c="dimmed">
                {t('campaigns.levelRateHelp')}
              </Text>
            ) : mode === 'percent' ? (
              <NumberInput
                label={t('campaigns.percentLabel')}
                required
                min={0}
                max={100}
                decimalScale={2}
                suffix=" %"
                decimalSeparator={separators.decimalSeparator}
                {...form.getInputProps('commission')}
              />
            ) : (
              <MoneyInput label={t('campaigns.fixedLabel')} required {...form.getInputProps('commission_fixed')} />
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NumberInput
                label={t('campaigns.cookieWindow')}
                description={t('campaigns.cookieHelp')}
                required
                min={1}
                max={365}
                allowDecimal={false}
                suffix={` ${t('campaigns.daysUnit')}`}
                {...form.getInputProps('cookie_days')}
              />
              <NumberInput
                label={t('campaigns.hold')}
                description={t('campaigns.holdHelp')}
                required
                min={0}
                max={365}
                allowDecimal={false}
                suffix={` ${t('campaigns.daysUnit')}`}
                {...form.getInputProps('hold_days')}
              />
            </SimpleGrid>
            <Text size="sm" fw={600}>
              {t('campaigns.holdByMethod')}
            </Text>
            <SimpleGrid cols={{ base: 2, sm: 5 }}>
              {PAYMENT_METHODS.map((method) => (
                <NumberInput
                  key={method}
                  label={t(`campaigns.methods.${method}`)}
                  placeholder={String(form.getValues().hold_days)}
                  min={0}
                  max={365}
                  allowDecimal={false}
                  {...form.getInputProps(`holds.${method}`)}
                />
              ))}
            </SimpleGrid>
          </Stack>
        </Card>
        <Card withBorder padding="lg">
          <CampaignRecurringFields form={form} />
        </Card>
        <Card withBorder padding="lg">
          <Radio.Group
            label={t('campaigns.attribution.label')}
            description={t('campaigns.attribution.help')}
            {...form.getInputProps('attribution_model')}
          >
            <Stack gap="sm" mt="sm">
              {ATTRIBUTION_MODELS.map((model) => (
                <Radio
                  key={model}
                  value={model}
                  label={t(`campaigns.attribution.models.${model}`)}
                  description={t(`campaigns.attribution.descriptions.${model}`)}
                />
              ))}
            </Stack>
          </Radio.Group>
        </Card>
        <Card withBorder padding="lg">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <DayInput label={t('campaigns.startsOn')} clearable {...form.getInputProps('starts_on')} />
            <DayInput label={t('campaigns.endsOn')} clearable {...form.getInputProps('ends_on')} />
            <Select
              label={t('campaigns.status')}
              allowDeselect={false}
              data={(['active', 'paused', 'ended'] as const).map((s) => ({
                value: s,
                label: t(`campaigns.statuses.${s}`),
              }))}
              {...form.getInputProps('status')}
            />
          </SimpleGrid>
        </Card>
        <Group>
          <Button type="submit" loading={save.isPending}>
            {campaign ? t('campaigns.save') : t('campaigns.create')}
          </Button>
          <Button variant="subtle" onClick={() => navigate(-1)}>
            {t('twoFactor.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The campaign's picture: shown as cards and link previews show it, replaced by upload. */
export function CampaignImageCard({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  const upload = useUploadCampaignImage(campaign.id);
  return (
    <Card withBorder padding="lg">
      <Title order={2} fz="lg" mb="sm">
        {t('campaigns.image')}
      </Title>
      <Stack gap="sm">
        {campaign.image_url ? (
          <Image src={campaign.image_url} alt="" radius="sm" />
        ) : (
          <Text size="sm" c="dimmed">
            {t('campaigns.noImage')}
          </Text>
        )}
        <ImageUploadButton
          label={t('campaigns.uploadImage')}
          help={t('campaigns.imageHelp')}
          successText={t('campaigns.imageSaved')}
          isPending={upload.isPending}
          onUpload={(file) => upload.mutateAsync(file)}
        />
      </Stack>
    </Card>
  );
}
