import { addDays, brasiliaDayOf, dayAfter } from '@contract/calendar';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { bonuses, users } from '../db/schema';
import { closeDueBonuses, grantOneOffBonus, measuresOf } from '../modules/bonuses/bonus-awards';
import type { Person } from './demo-redemptions';

/** The first day of the Brasília month `day` lies in, and its last day. */
function monthOf(day: string) {
  const first = `${day.slice(0, 7)}-01`;
  const next = addDays(first, 32);
  return { first, last: addDays(`${next.slice(0, 7)}-01`, -1) };
}

/**
 * Bonuses in the demo: last month's challenge, closed and paid to the affiliates who met it (as the
 * job pays it); this month's goal, running, with Ana part of the way; and a one-off bonus to Ana.
 */
export async function seedBonusesDemo(tx: Db, people: Person[], now: number) {
  const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'Administrador')).limit(1);
  const [ana] = people;
  if (!admin || !ana) return;
  const today = brasiliaDayOf(now);
  const thisMonth = monthOf(today);
  const lastMonth = monthOf(addDays(thisMonth.first, -1));

  // Last month: a goal the two busiest affiliates reached.
  const past = { startsOn: lastMonth.first, endsOn: lastMonth.last };
  // As the job counts them at the close: approved by the end of the period.
  const measured = await measuresOf(tx, past, dayAfter(past.endsOn));
  const pastSales = people.map((p) => measured.get(p.affiliate.id)?.sales ?? 0).sort((a, b) => b - a);
  await tx.insert(bonuses).values({
    name: 'Desafio do mês passado',
    description: 'Quem aprovou mais vendas no mês ganhou um prêmio em dinheiro.',
    measure: 'approved_sales',
    threshold: Math.max(1, pastSales[1] ?? 1),
    amountCents: 30_000,
    ...past,
    createdBy: admin.id,
  });
  await closeDueBonuses(tx, new Date(now));

  // This month: Ana is part of the way.
  const running = { startsOn: thisMonth.first, endsOn: thisMonth.last };
  const anaSales = (await measuresOf(tx, running, new Date(now), ana.affiliate.id)).get(ana.affiliate.id)?.sales ?? 0;
  await tx.insert(bonuses).values({
    name: 'Meta do mês',
    description: 'Atinja a meta de vendas aprovadas até o fim do mês e ganhe R$ 250,00.',
    measure: 'approved_sales',
    threshold: anaSales + 6,
    amountCents: 25_000,
    ...running,
    createdBy: admin.id,
  });
  await grantOneOffBonus(tx, admin.id, ana.affiliate.id, {
    amount_cents: 5_000,
    reason: 'Melhor conteúdo da semana no Instagram',
  });
}
