export { arrivalEstimate } from './arrival-estimate.ts';
