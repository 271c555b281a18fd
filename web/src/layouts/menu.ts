import {
  IconAffiliate,
  IconBuildingStore,
  IconCash,
  IconChartBar,
  IconChartDots,
  IconChartPie,
  IconCoin,
  IconCreditCard,
  IconGauge,
  IconHome,
  IconLink,
  IconMail,
  IconReceipt,
  IconSpeakerphone,
  IconStairsUp,
  IconTrophy,
  IconUserCheck,
  IconUsers,
  IconWallet,
  IconWorld,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import type { ScreenKey } from '../app/paths';

export type MenuItem = { screen: ScreenKey; icon: ComponentType<{ size?: number; stroke?: number }> };
export type MenuSection = { label: 'main' | 'administration' | 'metrics'; adminOnly: boolean; items: MenuItem[] };

/** The sidebar: the affiliate's areas, then every admin area of SPEC.md §2 for Administrador. */
export const MENU: MenuSection[] = [
  {
    label: 'main',
    adminOnly: false,
    items: [
      { screen: 'home', icon: IconHome },
      { screen: 'campaigns', icon: IconSpeakerphone },
      { screen: 'linkGenerator', icon: IconLink },
      { screen: 'sales', icon: IconReceipt },
      { screen: 'redemptions', icon: IconWallet },
      { screen: 'contact', icon: IconMail },
    ],
  },
  {
    label: 'administration',
    adminOnly: true,
    items: [
      { screen: 'adminApproveAffiliates', icon: IconUserCheck },
      { screen: 'adminUsers', icon: IconUsers },
      { screen: 'adminNetworks', icon: IconAffiliate },
      { screen: 'adminLevels', icon: IconStairsUp },
      { screen: 'adminCampaignCreate', icon: IconBuildingStore },
      { screen: 'adminSalesOverview', icon: IconCoin },
      { screen: 'adminRedemptionHistory', icon: IconCash },
      { screen: 'adminPaymentHistory', icon: IconCreditCard },
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
      { screen: 'adminRedemptionMetrics', icon: IconChartPie },
    ],
  },
];
