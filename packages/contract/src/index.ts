export * from './constants.js';
export * from './errors.js';
export * from './envelope.js';
export * from './account.js';
export * from './settings.js';
export * from './bots.js';
export * from './chat.js';
export * from './wallet.js';
