import 'bootstrap/dist/css/bootstrap.min.css';
import './styles/theme.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProvider, createApp } from './app/provider';

const container = document.getElementById('root');
if (!container) throw new Error('Das Element #root fehlt in index.html.');

// The router starts loading the first screen (chunk and data) right here, before React renders.
const { queryClient, router } = createApp();

createRoot(container).render(
  <StrictMode>
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
