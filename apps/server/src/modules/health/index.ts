// The health module's public face: /healthz, /readyz and /metrics, registered by the app itself.
export { healthRoutes } from './health.routes.ts';
