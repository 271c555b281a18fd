import { generatePath } from 'react-router';

/** The two paths the boot script needs, apart so it does not carry the whole table (docs/decisions/019). */
export const HOME_PATH = '/';
export const AUTH_LOGIN_PATH = '/auth/login';

/**
 * Every URL of the portal, spelled exactly as SPEC.md §2 spells it. Screens, menus and links take
 * their paths from here and nowhere else.
 */
export const paths = {
  // Main layout (signed-in users)
  home: HOME_PATH,
  redemptions: '/resgates',
  logout: '/logout',
  changePassword: '/redefinir-senha',
  account: '/conta',
  campaigns: '/campanhas',
  campaignDetails: '/campanhas/detalhes/:id',
  sales: '/vendas',
  saleDetails: '/vendas/detalhes/:id',
  subscriptions: '/assinaturas',
  contact: '/fale-conosco',
  linkGenerator: '/gerador-links',
  messages: '/mensagens',

  // Admin-only (role Administrador)
  adminTopAffiliates: '/admin/top-10-afiliados',
  adminNetworks: '/admin/rede-afiliados',
  adminNetworkDetails: '/admin/rede-afiliados/detalhes/:id',
  adminNetworkCreate: '/admin/rede-afiliados/criar-rede-afiliados',
  adminNetworkSales: '/admin/rede-afiliados/vendas/:id',
  adminNetworkAddAffiliate: '/admin/rede-afiliados/add-afiliado/:id',
  adminNetworkEdit: '/admin/rede-afiliados/editar/:id',
  adminRedemptionHistory: '/admin/historico-resgates',
  adminUsers: '/admin/usuarios',
  adminUserCreate: '/admin/usuarios/registrar',
  adminUserEdit: '/admin/usuarios/editar/:id',
  adminPaymentHistory: '/admin/historico',
  adminSalesOverview: '/admin/vendas/visao-geral',
  adminSaleCreate: '/admin/vendas/criar',
  adminAffiliateDelete: '/admin/afiliado/deletar/:id',
  adminAffiliateEdit: '/admin/afiliado/editar/:id',
  adminLevels: '/admin/niveis',
  adminLevelEdit: '/admin/niveis/editar/:id',
  adminLevelCreate: '/admin/niveis/criar',
  adminCampaignCreate: '/admin/campanhas/criar',
  adminCampaignEdit: '/admin/campanhas/editar/:id',
  adminAnalytics: '/admin/analises',
  adminIndicators: '/admin/indicadores',
  adminPaymentMethodMetrics: '/admin/metricas/forma-pagamento',
  adminSalesOriginMetrics: '/admin/metricas/origem-vendas',
  adminTrafficMetrics: '/admin/metricas/trafego',
  adminFraudRules: '/admin/regras-antifraude',
  adminRedemptionMetrics: '/admin/metricas/resgates',
  adminSalesMetrics: '/admin/metricas/vendas',
  adminApproveAffiliates: '/admin/aprovar-afiliados',
  adminWebhooks: '/admin/webhooks',
  adminIntegrations: '/admin/integracoes',
  adminMails: '/admin/emails',
  adminBonuses: '/admin/bonus',
  adminMessages: '/admin/mensagens',
  adminAnnouncements: '/admin/comunicados',
  adminProgramme: '/admin/programa',

  // Public: the programme's page, with its application form (issue 30; its own frame)
  programme: '/programa',

  // Public (blank layout)
  authLogin: AUTH_LOGIN_PATH,
  authRegister: '/auth/register',
  authForgotPassword: '/auth/forgot-password',
  authResetPassword: '/auth/resetar-senha/:token',
  authTwoSteps: '/auth/two-steps',
  authMaintenance: '/auth/maintenance',
  authNotFound: '/auth/404',
  notFound: '/404',
  // An announcement mail's unsubscribe link (decision 047): no sign-in.
  unsubscribe: '/cancelar-inscricao/:token',
} as const;

export type ScreenKey = keyof typeof paths;

/** A concrete URL for a path with parameters: `pathTo('campaignDetails', { id: 7 })`. */
export function pathTo(key: ScreenKey, params: Record<string, string | number> = {}): string {
  const stringParams = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
  return generatePath(paths[key], stringParams);
}
