/**
 * Every table, for Drizzle Kit (drizzle.config.ts reads this file). Each file under schema/ holds the tables of
 * one module, named after it; a module's repository imports its own file only (eslint.config.js enforces it).
 */
export * from './schema/account.js';
export * from './schema/admin.js';
export * from './schema/bots.js';
export * from './schema/chat.js';
export * from './schema/feedback.js';
export * from './schema/knowledge.js';
export * from './schema/models.js';
export * from './schema/notices.js';
export * from './schema/settings.js';
export * from './schema/uploads.js';
export * from './schema/wallet.js';
export * from './schema/payments.js';
export * from './schema/invites.js';
export * from './schema/redeem.js';
export * from './schema/earnings.js';
export * from './schema/community.js';
