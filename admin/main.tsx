import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../src/ui/theme.css';
import { AdminApp } from './AdminApp.tsx';
import './admin.css';

const root = document.getElementById('root');
if (!root) throw new Error('admin/index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <AdminApp />
  </StrictMode>,
);
