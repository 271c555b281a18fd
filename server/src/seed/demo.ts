import { ADMIN_ROLE, AFFILIATE_ROLE } from '@contract/auth';
import { isDisposableEmail } from 'disposable-email-domains-js';
import type { Db } from '../db/client';
import { affiliates, campaigns, levels, networks, notifications, users } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';
import { seedProgrammeDemo } from './demo-programme';

/** The demo's people. Printed by `npm start`; the passwords are public, so this is demo only. */
export const DEMO_ACCOUNTS = [
  { label: 'Administrator', email: 'admin@afiliados.demo', password: 'demo-admin-1', role: ADMIN_ROLE },
  { label: 'Affiliate', email: 'ana.souza@afiliados.demo', password: 'demo-afiliado-1', role: AFFILIATE_ROLE },
] as const;

const DEMO_AFFILIATES: {
  first: string;
  last: string;
  status: 'approved' | 'pending' | 'rejected';
  network?: number;
  level?: number;
  reason?: string;
  /** An address other than the demo's own (a disposable one the fraud rules flag). */
  email?: string;
}[] = [
  { first: 'Ana', last: 'Souza', status: 'approved', network: 0, level: 1 },
  { first: 'Bruno', last: 'Oliveira', status: 'approved', network: 0, level: 0 },
  { first: 'Carla', last: 'Pereira', status: 'approved', network: 1, level: 2 },
  { first: 'Diego', last: 'Santos', status: 'approved', network: 1, level: 0 },
  { first: 'Eduarda', last: 'Lima', status: 'approved', level: 0 },
  { first: 'Felipe', last: 'Costa', status: 'pending' },
  { first: 'Gabriela', last: 'Rodrigues', status: 'pending' },
  { first: 'Henrique', last: 'Almeida', status: 'pending', email: 'henrique.almeida@mailinator.com' },
  { first: 'Isabela', last: 'Nascimento', status: 'rejected', reason: 'Site sem conteúdo próprio' },
];

const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** A small living programme: levels, networks, campaigns, affiliates in every state, and an admin. */
export async function seedDemoProgramme(db: Db, options: { withAdmin: boolean }) {
  await db.transaction(async (tx) => {
    const levelRows = await tx
      .insert(levels)
      .values([
        { name: 'Bronze', rank: 1, commissionBps: 500, minSalesCents: 0, description: 'Nível inicial' },
        {
          name: 'Prata',
          rank: 2,
          commissionBps: 750,
          minSalesCents: 500_000,
          description: 'R$ 5.000 em vendas em 90 dias',
        },
        {
          name: 'Ouro',
          rank: 3,
          commissionBps: 1000,
          minSalesCents: 2_000_000,
          description: 'R$ 20.000 em vendas em 90 dias',
        },
      ])
      .returning({ id: levels.id });
    const networkRows = await tx
      .insert(networks)
      .values([
        { name: 'Rede Sudeste', description: 'Afiliados de SP, RJ, MG e ES' },
        { name: 'Rede Nordeste', description: 'Afiliados do Nordeste' },
      ])
      .returning({ id: networks.id });

    await tx.insert(campaigns).values([
      {
        name: 'Curso de Investimentos para Iniciantes',
        description:
          '<p>Curso online com <strong>12 módulos</strong> e certificado. Ideal para quem fala de finanças pessoais.</p><ul><li>Ticket médio R$ 297</li><li>Checkout com PIX e cartão em até 12x</li></ul>',
        destinationUrl: 'https://loja.exemplo.com.br/curso-investimentos',
        commissionType: 'percent',
        commissionValue: 3000,
        cookieDays: 30,
        holdDays: 7,
        holdDaysByMethod: { pix: 7, boleto: 3, credit_card: 15 },
        status: 'active',
        // Buyers often meet this course through two affiliates: the first and the last share it.
        attributionModel: 'split_first_last',
      },
      {
        name: 'Assinatura Café Especial',
        description:
          '<p>Clube de assinatura de cafés especiais. Comissão fixa de R$ 25 na primeira mensalidade e de R$ 10 em cada uma das cinco seguintes.</p>',
        destinationUrl: 'https://cafe.exemplo.com.br/assinar',
        commissionType: 'fixed',
        commissionValue: 2500,
        recurringRule: 'first_n',
        recurringCharges: 6,
        renewalCommissionValue: 1000,
        cookieDays: 45,
        holdDays: 15,
        holdDaysByMethod: {},
        status: 'active',
      },
      {
        name: 'Fones Bluetooth Linha Pro',
        description: '<p>Eletrônicos com frete grátis para todo o Brasil. Vale a taxa do seu nível.</p>',
        destinationUrl: 'https://eletronicos.exemplo.com.br/fones-pro',
        commissionType: null,
        commissionValue: null,
        cookieDays: 15,
        holdDays: 10,
        holdDaysByMethod: { pix: 5 },
        status: 'paused',
      },
    ]);

    const adminPassword = await hashPassword(DEMO_ACCOUNTS[0].password);
    let adminId: number | null = null;
    if (options.withAdmin) {
      const [admin] = await tx
        .insert(users)
        .values({
          email: DEMO_ACCOUNTS[0].email,
          passwordHash: adminPassword,
          firstName: 'Marina',
          lastName: 'Admin',
          role: ADMIN_ROLE,
          language: 'pt',
        })
        .returning({ id: users.id });
      adminId = admin?.id ?? null;
    }

    const affiliatePassword = await hashPassword(DEMO_ACCOUNTS[1].password);
    for (const [index, person] of DEMO_AFFILIATES.entries()) {
      const [user] = await tx
        .insert(users)
        .values({
          email: person.email ?? `${slug(person.first)}.${slug(person.last)}@afiliados.demo`,
          passwordHash: affiliatePassword,
          firstName: person.first,
          lastName: person.last,
          role: AFFILIATE_ROLE,
          language: 'pt',
          createdAt: new Date(Date.now() - (DEMO_AFFILIATES.length - index) * 86_400_000),
        })
        .returning({ id: users.id });
      if (!user) continue;
      await tx.insert(affiliates).values({
        userId: user.id,
        code: `AFDEMO${String(index + 1).padStart(2, '0')}`,
        status: person.status,
        statusReason: person.reason ?? null,
        flags: person.email && isDisposableEmail(person.email) ? ['disposable_email'] : [],
        networkId: person.network === undefined ? null : (networkRows[person.network]?.id ?? null),
        levelId: person.level === undefined ? null : (levelRows[person.level]?.id ?? null),
        approvedAt: person.status === 'approved' ? new Date() : null,
        approvedBy: person.status === 'approved' ? adminId : null,
        createdAt: new Date(Date.now() - (DEMO_AFFILIATES.length - index) * 86_400_000),
      });
      if (person.status === 'pending' && adminId) {
        await tx.insert(notifications).values({
          userId: adminId,
          kind: 'affiliate.registered',
          // The demo admin reads Portuguese, as notifyUsers would have written it.
          title: 'Novo cadastro',
          text: `${person.first} ${person.last} aguarda aprovação.`,
        });
      }
    }
    await seedProgrammeDemo(tx);
  });
}
