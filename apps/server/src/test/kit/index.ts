/**
 * The one test-data kit of the server's API tests: a real server over HTTP (harness) and small
 * factories by area. Tests import from here only.
 */
export * from '../harness.ts';
export * from './members.ts';
export * from './images.ts';
export * from './catalog.ts';
export * from './trade.ts';
export * from './operators.ts';
export * from './console-catalog.ts';
export * from './console-trade.ts';
/** Orders, goods and visits written straight to the tables, for the dashboard's exact figures. */
export * as dashboardData from './dashboard.ts';
/** The real server as its own process, for its logs and start-up. */
export * from './server-process.ts';
