import type { TrackingLink } from '@contract/tracking';
import {
  ActionIcon,
  Box,
  Button,
  Card,
  CopyButton,
  Group,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n';

/** The link to share: copy it, scan it, or download its QR code as a PNG. */
export function LinkResult({ link }: { link: TrackingLink }) {
  const { t } = useTranslation();
  const [svg, setSvg] = useState('');
  useEffect(() => {
    void QRCode.toString(link.url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then(setSvg);
  }, [link.url]);

  async function downloadPng() {
    const dataUrl = await QRCode.toDataURL(link.url, { width: 1024, margin: 2, errorCorrectionLevel: 'M' });
    const anchor = Object.assign(document.createElement('a'), {
      href: dataUrl,
      download: `afiliados-${link.code}.png`,
    });
    anchor.click();
  }

  return (
    <Card withBorder padding="lg">
      <Title order={2} fz="lg" mb="md">
        {t('links.yourLink')}
      </Title>
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Stack gap="sm" style={{ flex: 1, minWidth: 260 }}>
          <TextInput
            label={t('links.shareThis')}
            value={link.url}
            readOnly
            data-testid="tracking-link"
            rightSection={
              <CopyButton value={link.url}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? t('links.copied') : t('links.copy')}>
                    <ActionIcon variant="subtle" onClick={copy} aria-label={t('links.copy')}>
                      {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            }
          />
          <Text size="sm" c="dimmed">
            {t('links.sameChoices')}
          </Text>
        </Stack>
        <Stack gap="xs" align="center">
          <Box
            role="img"
            aria-label={t('links.qrAlt')}
            w={160}
            h={160}
            bg="white"
            p={6}
            style={{ borderRadius: 8 }}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: SVG made here by the QR encoder from our own URL
            dangerouslySetInnerHTML={{ __html: svg }}
          />
          <Button size="xs" variant="light" leftSection={<IconDownload size={14} />} onClick={downloadPng}>
            {t('links.downloadPng')}
          </Button>
        </Stack>
      </Group>
    </Card>
  );
}
