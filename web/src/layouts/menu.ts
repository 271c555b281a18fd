import {
  IconAffiliate,
  IconBroadcast,
  IconBuildingStore,
  IconCash,
  IconChartBar,
  IconChartDots,
  IconChartPie,
  IconCoin,
  IconCreditCard,
  IconDeviceAnalytics,
  IconGauge,
  IconGift,
  IconHome,
  IconLink,
  IconMail,
  IconMessages,
  IconPlugConnected,
  IconReceipt,
  IconRepeat,
  IconShieldCheck,
  IconSpeakerphone,
  IconStairsUp,
  IconTrophy,
  IconUserCheck,
  IconUserPlus,
  IconUsers,
  IconWallet,
  IconWebhook,
  IconWorld,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import type { ScreenKey } from '../app/paths';

export type MenuItem = {
  screen: ScreenKey;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  /** A screen about the person's own affiliate work (links, sales, balance): an admin has none. */
  affiliateOnly?: boolean;
};
export type MenuSection = { label: 'main' | 'administration' | 'metrics'; adminOnly: boolean; items: MenuItem[] };

/**
 * The sidebar: the affiliate's areas, then every admin area of SPEC.md §2 for Administrador. An admin
 * is not offered the affiliate's own screens, which would only tell them they have no links or balance.
 */
export const MENU: MenuSection[] = [
  {
    label: 'main',
    adminOnly: false,
    items: [
      { screen: 'home', icon: IconHome },
      { screen: 'campaigns', icon: IconSpeakerphone },
      { screen: 'linkGenerator', icon: IconLink, affiliateOnly: true },
      { screen: 'sales', icon: IconReceipt, affiliateOnly: true },
      // Both roles: an affiliate's recurring earnings, the programme's subscriptions for an admin.
      { screen: 'subscriptions', icon: IconRepeat },
      { screen: 'redemptions', icon: IconWallet, affiliateOnly: true },
      { screen: 'messages', icon: IconMessages, affiliateOnly: true },
      { screen: 'contact', icon: IconMail, affiliateOnly: true },
    ],
  },
  {
    label: 'administration',
    adminOnly: true,
    items: [
      { screen: 'adminApproveAffiliates', icon: IconUserCheck },
      { screen: 'adminProgramme', icon: IconUserPlus },
      { screen: 'adminMessages', icon: IconMessages },
      { screen: 'adminAnnouncements', icon: IconBroadcast },
      { screen: 'adminUsers', icon: IconUsers },
      { screen: 'adminNetworks', icon: IconAffiliate },
      { screen: 'adminLevels', icon: IconStairsUp },
      { screen: 'adminCampaignCreate', icon: IconBuildingStore },
      { screen: 'adminSalesOverview', icon: IconCoin },
      { screen: 'adminRedemptionHistory', icon: IconCash },
      { screen: 'adminPaymentHistory', icon: IconCreditCard },
      { screen: 'adminBonuses', icon: IconGift },
      { screen: 'adminFraudRules', icon: IconShieldCheck },
      { screen: 'adminWebhooks', icon: IconWebhook },
      { screen: 'adminIntegrations', icon: IconPlugConnected },
      { screen: 'adminMails', icon: IconMail },
    ],
  },
  {
    label: 'metrics',
    adminOnly: true,
    items: [
      { screen: 'adminTopAffiliates', icon: IconTrophy },
      { screen: 'adminAnalytics', icon: IconChartDots },
      { screen: 'adminIndicators', icon: IconGauge },
      { screen: 'adminSalesMetrics', icon: IconChartBar },
      { screen: 'adminPaymentMethodMetrics', icon: IconCreditCard },
      { screen: 'adminSalesOriginMetrics', icon: IconWorld },
      { screen: 'adminTrafficMetrics', icon: IconDeviceAnalytics },
      { screen: 'adminRedemptionMetrics', icon: IconChartPie },
    ],
  },
];

/** The sections and items this person is offered. */
export function menuFor(isAdmin: boolean): MenuSection[] {
  return MENU.filter((section) => isAdmin || !section.adminOnly).map((section) => ({
    ...section,
    items: section.items.filter((item) => !(isAdmin && item.affiliateOnly)),
  }));
}
