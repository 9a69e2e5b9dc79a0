import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

// The app fetches the sign-in dialog on a visitor's first touch or key press (features/auth/modal.tsx).
// A test file ending right after one could see that import finish after its environment was torn
// down (an unhandled error in CI): the same import, awaited here, finishes it while the file is alive.
afterAll(async () => {
  await import('./src/features/auth/components/AuthDialog');
});

// a wizard's draft or a handed-over greeting left by one test must not open the next one mid-way
afterEach(() => sessionStorage.clear());

// a page's first render loads its lazy parts and its texts: on a busy two-core machine that alone can
// take seconds, so `findBy…` and `waitFor` wait up to 5 s for what they look for (not 1 s)
configure({ asyncUtilTimeout: 5_000 });
