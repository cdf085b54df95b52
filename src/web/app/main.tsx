import '../styles/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoutes } from './router';

// Indonesian validation messages for every schema; loaded beside the first screen rather than in
// the entry, so pages without a form do not wait for zod (forms import it too, see registration-form).
void import('../../domain/shared/zod-locale');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppRoutes />
  </StrictMode>,
);
