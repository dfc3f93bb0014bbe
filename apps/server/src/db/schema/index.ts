export * from './accounts.ts';
export * from './site.ts';
export * from './catalog.ts';
export * from './trade.ts';
export * from './payments.ts';
export * from './member-area.ts';
export * from './operators.ts';
export * from './inventory.ts';
