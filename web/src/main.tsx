import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Base styles first so that component stylesheets, imported by the app below, override them.
import './styles/global.css';
import './lib/i18n';
import { App } from './app/app';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
