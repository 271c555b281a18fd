import { checkoutCarrierOf } from '@contract/integrations';
import { Alert, Anchor, Text } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { useTranslation } from '../../../i18n';

const PLATFORM_NAMES = { hotmart: 'Hotmart', kiwify: 'Kiwify', stripe: 'Stripe' } as const;

/**
 * Under a campaign's destination: when it is a checkout that carries the click id through to its
 * webhook (Hotmart and Kiwify in `sck`, a Stripe Payment Link in `client_reference_id`), says so
 * and points to Integrations, where that checkout is connected.
 */
export function CheckoutHint({ destination }: { destination: string }) {
  const { t } = useTranslation();
  const carrier = checkoutCarrierOf(destination.trim());
  if (!carrier) return null;
  return (
    <Alert variant="light" color="blue" icon={<IconPlugConnected />} data-testid="checkout-hint">
      <Text size="sm">
        {t('campaigns.checkoutHint.text', {
          kind: t(`campaigns.checkoutHint.kinds.${carrier.platform}`),
          param: carrier.param,
          platform: PLATFORM_NAMES[carrier.platform],
        })}{' '}
        <Anchor component={Link} to={paths.adminIntegrations} size="sm" fw={600}>
          {t('campaigns.checkoutHint.connect')}
        </Anchor>
      </Text>
    </Alert>
  );
}
