export * from './schema/account.js';
export * from './schema/chat.js';
export * from './schema/media.js';
export * from './schema/notices.js';
export * from './schema/admin.js';
export * from './schema/knowledge.js';
