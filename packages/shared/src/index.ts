export * from './codes.ts';
export * from './envelope.ts';
export * from './constants.ts';
export * from './money.ts';
export * from './types.ts';
export * from './order-states.ts';
export * from './aftersale-states.ts';
