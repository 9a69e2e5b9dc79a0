import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { SessionProvider } from '../features/auth/session';
import { isTelegramPath, TELEGRAM_BASE } from '../telegram';
import { ToastProvider } from '../ui/toast';
import { Layout } from './Layout';
import { createQueryClient } from './query';
import { appRoutes } from './routes';

function createRouter() {
  // Under /telegram the same routes run with the router base /telegram (spec 000 §2).
  const basename = isTelegramPath() ? TELEGRAM_BASE : undefined;
  return createBrowserRouter(
    [
      {
        element: <Layout />,
        children: appRoutes.map((r) => ({ path: r.path, Component: r.page, handle: r })),
      },
    ],
    { basename },
  );
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}
