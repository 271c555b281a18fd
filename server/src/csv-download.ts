import { Readable } from 'node:stream';
import { type CsvLanguage, csvLanguageOf } from '@contract/csv';
import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from './db/client';
import { users } from './db/schema';

/** The language an export is written in: the account's (Portuguese or English). */
export async function csvLanguageOfUser(db: Db, userId: number): Promise<CsvLanguage> {
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return csvLanguageOf(row?.language);
}

/**
 * A CSV download streamed line by line (an export never sits in memory). The header and the first
 * row are read before the answer starts, so a query that fails answers a problem instead of a 200
 * that stops after the header; a failure further on aborts the transfer, which no client mistakes
 * for a complete file.
 */
export async function sendCsvDownload(reply: FastifyReply, name: string, lines: AsyncIterable<string>) {
  const iterator = lines[Symbol.asyncIterator]();
  const head: string[] = [];
  for (let read = 0; read < 2; read += 1) {
    const next = await iterator.next();
    if (next.done) break;
    head.push(next.value);
  }
  async function* all() {
    yield* head;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`)
    .send(Readable.from(all()));
}
