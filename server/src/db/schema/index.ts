// The one list of tables drizzle needs for its relational queries and drizzle-kit for migrations.

export * from './bonuses';
export * from './cluster';
export * from './creatives';
export * from './fraud';
export * from './integrations';
export * from './ledger';
export * from './messages';
export * from './payouts';
export * from './postbacks';
export * from './programme';
export * from './programme-page';
export * from './sales';
export * from './stats';
export * from './system';
export * from './tax';
export * from './tracking';
export * from './users';
export * from './webhooks';
