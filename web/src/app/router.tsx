import { lazy, Suspense } from 'react';
import { Navigate, type RouteObject, useNavigate, useRoutes } from 'react-router';
import { loadAppMessages, loadAuthMessages, loadProgrammeMessages, loadScreenMessages } from '../i18n';
import { BlankLayout } from '../layouts/blank-layout';
import { LayoutShell } from '../layouts/layout-shell';
import { setApiHandlers } from '../lib/api-client';
import { removeToken } from '../lib/session';
import { loadFullStyles } from '../theme/full-styles';
import { AdminGuard, SessionGuard, useExpiredTokenSweep } from './guards';
import { paths } from './paths';
import { screen } from './screen';

// The main layout carries the menu and header: signed-out visitors on /auth never download it.
// Only the home's first screen does with the layout's own Mantine styles (theme/signed-in-styles.ts):
// any other page comes with the full sheet.
const FullLayout = lazy(() =>
  Promise.all([
    import('../layouts/full-layout'),
    loadAppMessages(),
    window.location.pathname === paths.home ? null : loadFullStyles(),
  ]).then(([layout]) => layout),
);

/** A signed-out screen other than sign-in: its code and its texts arrive together. */
const withAuthMessages = <T,>(module: Promise<T>) =>
  Promise.all([module, loadAuthMessages()]).then(([loaded]) => loaded);
/** A screen that asks the programme's questions: its code and its texts arrive together. */
const withProgrammeMessages = <T,>(module: Promise<T>) =>
  Promise.all([module, loadProgrammeMessages()]).then(([loaded]) => loaded);

/**
 * A signed-in screen other than the home: its code, the signed-in screens' texts and Mantine's full
 * sheet arrive together.
 * The layout brings only the home's and its own (docs/decisions/046).
 */
const withScreenMessages = <T,>(module: Promise<T>) =>
  Promise.all([module, loadScreenMessages(), loadFullStyles()]).then(([loaded]) => loaded);

const mainRoutes: RouteObject[] = [
  { path: paths.home, element: screen('home', () => import('./routes/home')) },
  { path: paths.redemptions, element: screen('redemptions', () => withScreenMessages(import('./routes/redemptions'))) },
  {
    path: paths.changePassword,
    element: screen('changePassword', () => withScreenMessages(import('./routes/change-password'))),
  },
  { path: paths.account, element: screen('account', () => withScreenMessages(import('./routes/account'))) },
  { path: paths.campaigns, element: screen('campaigns', () => withScreenMessages(import('./routes/campaigns'))) },
  {
    path: paths.campaignDetails,
    element: screen('campaignDetails', () => withScreenMessages(import('./routes/campaign-details'))),
  },
  { path: paths.sales, element: screen('sales', () => withScreenMessages(import('./routes/sales'))) },
  {
    path: paths.saleDetails,
    element: screen('saleDetails', () => withScreenMessages(import('./routes/sale-details'))),
  },
  {
    path: paths.subscriptions,
    element: screen('subscriptions', () => withScreenMessages(import('./routes/subscriptions'))),
  },
  { path: paths.contact, element: screen('contact', () => withScreenMessages(import('./routes/contact'))) },
  {
    path: paths.linkGenerator,
    element: screen('linkGenerator', () => withScreenMessages(import('./routes/link-generator'))),
  },
  { path: paths.messages, element: screen('messages', () => withScreenMessages(import('./routes/messages'))) },
];

const adminRoutes: RouteObject[] = [
  {
    path: paths.adminTopAffiliates,
    element: screen('adminTopAffiliates', () => withScreenMessages(import('./routes/admin/top-affiliates'))),
  },
  {
    path: paths.adminNetworks,
    element: screen('adminNetworks', () => withScreenMessages(import('./routes/admin/networks'))),
  },
  {
    path: paths.adminNetworkDetails,
    element: screen('adminNetworkDetails', () => withScreenMessages(import('./routes/admin/network-details'))),
  },
  {
    path: paths.adminNetworkCreate,
    element: screen('adminNetworkCreate', () => withScreenMessages(import('./routes/admin/network-create'))),
  },
  {
    path: paths.adminNetworkSales,
    element: screen('adminNetworkSales', () => withScreenMessages(import('./routes/admin/network-sales'))),
  },
  {
    path: paths.adminNetworkAddAffiliate,
    element: screen('adminNetworkAddAffiliate', () =>
      withScreenMessages(import('./routes/admin/network-add-affiliate')),
    ),
  },
  {
    path: paths.adminNetworkEdit,
    element: screen('adminNetworkEdit', () => withScreenMessages(import('./routes/admin/network-edit'))),
  },
  {
    path: paths.adminRedemptionHistory,
    element: screen('adminRedemptionHistory', () => withScreenMessages(import('./routes/admin/redemption-history'))),
  },
  { path: paths.adminUsers, element: screen('adminUsers', () => withScreenMessages(import('./routes/admin/users'))) },
  {
    path: paths.adminUserCreate,
    element: screen('adminUserCreate', () => withScreenMessages(import('./routes/admin/user-create'))),
  },
  {
    path: paths.adminUserEdit,
    element: screen('adminUserEdit', () => withScreenMessages(import('./routes/admin/user-edit'))),
  },
  {
    path: paths.adminPaymentHistory,
    element: screen('adminPaymentHistory', () => withScreenMessages(import('./routes/admin/payment-history'))),
  },
  {
    path: paths.adminSalesOverview,
    element: screen('adminSalesOverview', () => withScreenMessages(import('./routes/admin/sales-overview'))),
  },
  {
    path: paths.adminSaleCreate,
    element: screen('adminSaleCreate', () => withScreenMessages(import('./routes/admin/sale-create'))),
  },
  {
    path: paths.adminAffiliateDelete,
    element: screen('adminAffiliateDelete', () => withScreenMessages(import('./routes/admin/affiliate-delete'))),
  },
  {
    path: paths.adminAffiliateEdit,
    element: screen('adminAffiliateEdit', () => withScreenMessages(import('./routes/admin/affiliate-edit'))),
  },
  {
    path: paths.adminLevels,
    element: screen('adminLevels', () => withScreenMessages(import('./routes/admin/levels'))),
  },
  {
    path: paths.adminLevelEdit,
    element: screen('adminLevelEdit', () => withScreenMessages(import('./routes/admin/level-edit'))),
  },
  {
    path: paths.adminLevelCreate,
    element: screen('adminLevelCreate', () => withScreenMessages(import('./routes/admin/level-create'))),
  },
  {
    path: paths.adminCampaignCreate,
    element: screen('adminCampaignCreate', () => withScreenMessages(import('./routes/admin/campaign-create'))),
  },
  {
    path: paths.adminCampaignEdit,
    element: screen('adminCampaignEdit', () => withScreenMessages(import('./routes/admin/campaign-edit'))),
  },
  {
    path: paths.adminAnalytics,
    element: screen('adminAnalytics', () => withScreenMessages(import('./routes/admin/analytics'))),
  },
  {
    path: paths.adminIndicators,
    element: screen('adminIndicators', () => withScreenMessages(import('./routes/admin/indicators'))),
  },
  {
    path: paths.adminPaymentMethodMetrics,
    element: screen('adminPaymentMethodMetrics', () =>
      withScreenMessages(import('./routes/admin/payment-method-metrics')),
    ),
  },
  {
    path: paths.adminSalesOriginMetrics,
    element: screen('adminSalesOriginMetrics', () => withScreenMessages(import('./routes/admin/sales-origin-metrics'))),
  },
  {
    path: paths.adminWebhooks,
    element: screen('adminWebhooks', () => withScreenMessages(import('./routes/admin/webhooks'))),
  },
  {
    path: paths.adminIntegrations,
    element: screen('adminIntegrations', () => withScreenMessages(import('./routes/admin/integrations'))),
  },
  { path: paths.adminMails, element: screen('adminMails', () => withScreenMessages(import('./routes/admin/mails'))) },
  {
    path: paths.adminBonuses,
    element: screen('adminBonuses', () => withScreenMessages(import('./routes/admin/bonuses'))),
  },
  {
    path: paths.adminProgramme,
    element: screen('adminProgramme', () => withScreenMessages(import('./routes/admin/programme-settings'))),
  },
  {
    path: paths.adminFraudRules,
    element: screen('adminFraudRules', () => withScreenMessages(import('./routes/admin/fraud-rules'))),
  },
  {
    path: paths.adminTrafficMetrics,
    element: screen('adminTrafficMetrics', () => withScreenMessages(import('./routes/admin/traffic-metrics'))),
  },
  {
    path: paths.adminRedemptionMetrics,
    element: screen('adminRedemptionMetrics', () => withScreenMessages(import('./routes/admin/redemption-metrics'))),
  },
  {
    path: paths.adminSalesMetrics,
    element: screen('adminSalesMetrics', () => withScreenMessages(import('./routes/admin/sales-metrics'))),
  },
  {
    path: paths.adminApproveAffiliates,
    element: screen('adminApproveAffiliates', () => withScreenMessages(import('./routes/admin/approve-affiliates'))),
  },
  {
    path: paths.adminMessages,
    element: screen('adminMessages', () => withScreenMessages(import('./routes/admin/messages'))),
  },
  {
    path: paths.adminAnnouncements,
    element: screen('adminAnnouncements', () => withScreenMessages(import('./routes/admin/announcements'))),
  },
];

const publicRoutes: RouteObject[] = [
  { path: paths.authLogin, element: screen('authLogin', () => import('./routes/auth/login')) },
  {
    path: paths.authRegister,
    element: screen('authRegister', () => withProgrammeMessages(withAuthMessages(import('./routes/auth/register')))),
  },
  {
    path: paths.authForgotPassword,
    element: screen('authForgotPassword', () => withAuthMessages(import('./routes/auth/forgot-password'))),
  },
  {
    path: paths.authResetPassword,
    element: screen('authResetPassword', () => withAuthMessages(import('./routes/auth/reset-password'))),
  },
  {
    path: paths.authTwoSteps,
    element: screen('authTwoSteps', () => withAuthMessages(import('./routes/auth/two-steps'))),
  },
  {
    path: paths.authMaintenance,
    element: screen('authMaintenance', () => withAuthMessages(import('./routes/auth/maintenance'))),
  },
  { path: paths.authNotFound, element: screen('authNotFound', () => import('./routes/not-found')) },
  { path: paths.notFound, element: screen('notFound', () => import('./routes/not-found')) },
  { path: paths.unsubscribe, element: screen('unsubscribe', () => withAuthMessages(import('./routes/unsubscribe'))) },
];

export const routes: RouteObject[] = [
  // /logout ends whatever session the tab holds, even none or an expired one, and always lands on
  // /auth/login, where the guard would send a visitor without a token anyway. Outside the guard so a
  // stale user state is emptied too (and no `from` brings the next sign-in back here); outside the
  // main layout so no header request or live stream starts for a session that is ending.
  { path: paths.logout, element: screen('logout', () => withAuthMessages(import('./routes/logout'))) },
  // The public programme page: signed in or not, a frame of its own, no signed-in code (decision 043).
  {
    path: paths.programme,
    element: screen('programme', () => withProgrammeMessages(withAuthMessages(import('./routes/programme-page')))),
  },
  {
    element: <SessionGuard />,
    children: [
      {
        element: (
          <Suspense fallback={<LayoutShell />}>
            <FullLayout />
          </Suspense>
        ),
        children: [...mainRoutes, { element: <AdminGuard />, children: adminRoutes }],
      },
    ],
  },
  { element: <BlankLayout />, children: publicRoutes },
  // SPEC.md §2: any unknown path goes to /auth/404.
  { path: '*', element: <Navigate to={paths.authNotFound} replace /> },
];

/**
 * The route table, rendered in declarative mode (`useRoutes` inside a BrowserRouter): the data
 * router's loaders and actions are not used here, and leaving them out keeps 17 KiB off every page.
 */
export function AppRoutes() {
  const navigate = useNavigate();
  useExpiredTokenSweep();
  setApiHandlers({
    // The server ended the session (password changed elsewhere, account suspended): sign in again.
    onUnauthorized: () => {
      removeToken();
      navigate(paths.authLogin, { replace: true, state: { from: window.location.pathname } });
    },
    onMaintenance: () => navigate(paths.authMaintenance),
  });
  return useRoutes(routes);
}
