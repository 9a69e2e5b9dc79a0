/** Health, readiness, metrics, and the test hooks of test builds. */
export { opsModule, NOT_READY } from './routes';
export { registerGauge, registerMetrics } from './metrics';
