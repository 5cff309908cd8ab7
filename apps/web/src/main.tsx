import 'bootstrap/dist/css/bootstrap.min.css';
import './styles/theme.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter, loadFirstScreen } from './app/router';

const container = document.getElementById('root');
if (!container) throw new Error('Das Element #root fehlt in index.html.');

// The first screen's chunk comes with the page (modulepreload): rendered once it is in, a screen
// without a loader shows its content in the first paint.
void loadFirstScreen(window.location.pathname).then(() =>
  createRoot(container).render(
    <StrictMode>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  ),
);
