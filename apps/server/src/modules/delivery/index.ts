// The delivery module's public face: the arrival estimate of 配送至.
export { arrivalEstimate } from './arrival-estimate.ts';
