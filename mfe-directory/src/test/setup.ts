import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// jsdom has no scrolling: the directory restores scroll positions and scrolls to an open city.
window.scrollTo = (() => {}) as typeof window.scrollTo;
