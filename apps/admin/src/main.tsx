import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './lib/format.ts'; // dayjs: zh-cn, UTC and Asia/Shanghai, before any screen formats a time
import { App } from './app/App.tsx';
import './app/global.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
