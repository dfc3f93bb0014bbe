export * from './accounts.ts';
export * from './site.ts';
