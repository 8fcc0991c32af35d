import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import i18n from '../i18n/i18n';
import '../i18n/admin-resources';
import '../i18n/report-resources';

// Lazily loaded pages take longer than the library's 1 s default to appear when the machine is busy (CI runs
// the node and web projects side by side on 2 cores); a wait still fails, only later.
configure({ asyncUtilTimeout: 5000 });

// Component tests run in English whatever the machine's locale.
await i18n.changeLanguage('en');

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
