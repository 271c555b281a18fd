import { ADMIN_ROLE } from '@contract/auth';
import { count, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { settings, users } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';
import { DEMO_ACCOUNTS, seedDemoProgramme } from './demo';
import { seedDemoActivity } from './demo-activity';
import { seedDemoIntegrations } from './demo-integrations';
import { seedDemoPostbacks } from './demo-postbacks';
import { seedDemoWebhooks } from './demo-webhooks';

const DEMO_MARKER = 'demo_data';

/**
 * Brings a freshly migrated database to a usable state: the first admin from ADMIN_EMAIL and, with
 * DEMO_DATA=1 on an empty database, the demo programme. Returns lines for the start-up banner.
 */
export async function prepareDatabase(database: Database, config: Config, log: FastifyBaseLogger): Promise<string[]> {
  const { db } = database;
  const [{ n: userCount } = { n: 0 }] = await db.select({ n: count() }).from(users);
  const lines: string[] = [];

  if (userCount === 0 && config.adminEmail && config.adminPassword) {
    await db.insert(users).values({
      email: config.adminEmail.toLowerCase(),
      passwordHash: await hashPassword(config.adminPassword),
      firstName: 'Admin',
      lastName: 'Afiliados',
      role: ADMIN_ROLE,
    });
    log.info({ email: config.adminEmail }, 'first administrator created from ADMIN_EMAIL');
    lines.push(`  Administrator: ${config.adminEmail} (password from ADMIN_PASSWORD)`);
  }

  if (config.demoData) {
    if (userCount === 0) {
      await seedDemoProgramme(db, { withAdmin: !config.adminEmail });
      await seedDemoActivity(db);
      await seedDemoPostbacks(db, DEMO_ACCOUNTS[1].email);
      await seedDemoWebhooks(db, config.jwtSecret);
      await seedDemoIntegrations(db, config.jwtSecret);
      await db.insert(settings).values({ key: DEMO_MARKER, value: { seeded_at: new Date().toISOString() } });
      log.info('demo programme seeded');
    }
    const [marker] = await db.select().from(settings).where(eq(settings.key, DEMO_MARKER));
    if (marker) {
      lines.push('  Demo sign-in (the demo programme is in this database):');
      for (const account of DEMO_ACCOUNTS) {
        if (account.role === ADMIN_ROLE && config.adminEmail) continue;
        lines.push(`    ${account.label.padEnd(14)} ${account.email} / ${account.password}`);
      }
    } else {
      lines.push('  Demo data: not added, this database already had users.');
    }
  }
  return lines;
}
