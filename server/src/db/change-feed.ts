import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database, Db } from './client';

/**
 * The one cross-server channel caches subscribe to (DESIGN.md "one cross-server channel"): a write
 * that a cache may hold publishes its topic, and every server on the database drops what it held
 * about it, through PostgreSQL LISTEN/NOTIFY (PGlite's own notify on one process). Caches keep
 * their short lifetimes only as a backstop for a notice lost to a crash between commit and notify.
 */
export const CHANGE_CHANNEL = 'afiliados_changes';

/**
 * What an admin can change that some server keeps in memory; and `clicks`: a server needs the clicks
 * the others still hold in memory written now (a postback naming a click of a moment ago, decision 027).
 */
export type ChangeTopic = 'campaign' | 'maintenance' | 'fraud-rules' | 'api-key' | 'clicks' | 'integration';

/** `key` names what changed (a campaign's id...); null: anything of the topic may have changed. */
export type ChangeHandler = (key: string | null) => void;

type Feed = {
  /** This handle's notices come back through LISTEN too; it has already applied them. */
  origin: string;
  handlers: Map<ChangeTopic, Set<ChangeHandler>>;
};

type Notice = { o: string; t: ChangeTopic; k: string | null };

// Keyed by the drizzle handle, as the caches of fraud rules and API keys are: one server's handle.
const feeds = new WeakMap<Db, Feed>();

function feedOf(db: Db): Feed {
  let feed = feeds.get(db);
  if (!feed) {
    feed = { origin: randomUUID(), handlers: new Map() };
    feeds.set(db, feed);
  }
  return feed;
}

function dispatch(feed: Feed, topic: ChangeTopic, key: string | null) {
  for (const handler of feed.handlers.get(topic) ?? []) handler(key);
}

/** Calls `handler` whenever `topic` changes, on this server or any other. Returns the unsubscribe. */
export function onChange(db: Db, topic: ChangeTopic, handler: ChangeHandler): () => void {
  const { handlers } = feedOf(db);
  const set = handlers.get(topic) ?? new Set();
  set.add(handler);
  handlers.set(topic, set);
  return () => set.delete(handler);
}

/**
 * Tells every server that `topic` (`key`, when given) changed. Call it with the handle the caches
 * use, after the change committed: this server drops its entries at once, the others on the notice.
 * A failed notice is not the writer's failure (the change is saved): the caches' lifetimes bound it.
 */
export async function publishChange(db: Db, topic: ChangeTopic, key?: string | number): Promise<void> {
  const feed = feedOf(db);
  const notice: Notice = { o: feed.origin, t: topic, k: key === undefined ? null : String(key) };
  dispatch(feed, topic, notice.k);
  await db.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${JSON.stringify(notice)})`).catch(() => {});
}

/**
 * Listens for the other servers' notices on one dedicated connection. After that connection
 * reconnects, notices may have been missed: every topic is then dropped whole.
 */
export async function startChangeFeed(database: Database): Promise<() => Promise<void>> {
  const feed = feedOf(database.db);
  return database.listen(
    CHANGE_CHANNEL,
    (payload) => {
      let notice: Notice;
      try {
        notice = JSON.parse(payload) as Notice;
      } catch {
        return;
      }
      if (notice.o !== feed.origin) dispatch(feed, notice.t, notice.k);
    },
    {
      onReconnect: () => {
        for (const topic of feed.handlers.keys()) dispatch(feed, topic, null);
      },
    },
  );
}
