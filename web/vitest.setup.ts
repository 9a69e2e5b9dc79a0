import '@testing-library/jest-dom/vitest';
import { afterAll } from 'vitest';

// The app fetches the sign-in dialog on a visitor's first touch or key press (features/auth/modal.tsx).
// A test file ending right after one could see that import finish after its environment was torn
// down (an unhandled error in CI): the same import, awaited here, finishes it while the file is alive.
afterAll(async () => {
  await import('./src/features/auth/components/AuthDialog');
});
