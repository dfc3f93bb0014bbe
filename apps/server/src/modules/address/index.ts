export { resolveRegion } from './regions.ts';
