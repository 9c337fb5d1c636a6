import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { applyTheme } from './preferences/theme';
import { createQueryClient } from './query-client';
import { routes } from './router';
import './styles.css';

// Before the first render, so that a chosen theme shows from the first paint.
applyTheme();
const queryClient = createQueryClient();
const router = createBrowserRouter(routes(queryClient));

const root = createRoot(document.getElementById('root')!);
// As a transition, the first render is done in slices, never holding up the page for long.
startTransition(() =>
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  ),
);
