export * from './schema/account.js';
export * from './schema/chat.js';
