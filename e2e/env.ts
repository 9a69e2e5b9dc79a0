/** Fixed secrets of the end-to-end server (test values only). */
export const E2E_DEMO_PASSWORD = 'e2e-demo-password-1';
export const E2E_BOT_TOKEN = '123456:E2E-test-bot-token';
