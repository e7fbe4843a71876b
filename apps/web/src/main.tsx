// First: zod's settings before any chunk parses with zod (see the module).
import './openapi/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQuireApp, QuireAppView } from './app';
import './styles/app.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <QuireAppView app={createQuireApp()} />
  </StrictMode>,
);
