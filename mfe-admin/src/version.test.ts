import { describe, expect, it } from 'vitest';
import { versionLabel } from './version';

describe('versionLabel', () => {
  it("reads 'X.Y.Z', with the build label when there is one", () => {
    expect(versionLabel('0.1.0', '')).toBe('0.1.0');
    expect(versionLabel('0.2.0', 'release-42')).toBe('0.2.0 (release-42)');
  });
});
