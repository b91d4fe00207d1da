import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { clearTestQueryClients } from './harness';

afterEach(() => {
  cleanup();
  clearTestQueryClients();
});
