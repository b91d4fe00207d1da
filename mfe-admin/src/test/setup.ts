import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { clearTestQueryClients } from './harness';

// findBy/waitFor give up after 1 s by default: a first panel render in a fresh worker took longer on a loaded 2-core machine.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  clearTestQueryClients();
});
