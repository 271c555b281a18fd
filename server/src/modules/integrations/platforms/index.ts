import type { IntegrationPlatform } from '@contract/integrations';
import { hotmart } from './hotmart';
import { kiwify } from './kiwify';
import type { Platform } from './platform';
import { shopify } from './shopify';
import { stripe } from './stripe';

/** Every platform a connection can be made to, by its name. */
export const PLATFORMS: Record<IntegrationPlatform, Platform> = { hotmart, kiwify, stripe, shopify };
