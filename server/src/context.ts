import type { Config } from './config';
import type { Db } from './db/client';
import type { TaskQueue } from './jobs/task-queue';
import type { Mailer } from './mail/mailer';
import type { TokenService } from './plugins/auth';

/** What services need from the running server, passed explicitly so they stay free of HTTP. */
export type AppContext = {
  db: Db;
  config: Config;
  mailer: Mailer;
  tokens: TokenService;
  /** Work done after the answer, so the answer does not show what the work found. */
  tasks: TaskQueue;
  /** Where links and mails send people: the request's public address (public-address.ts). */
  publicUrl: string;
};
