import { describe, expect, it } from 'vitest';
import { versionText } from './version';

describe('versionText', () => {
  it("reads 'Admin panel vX.Y.Z', with the build label when there is one", () => {
    expect(versionText('0.1.0', '')).toBe('Admin panel v0.1.0');
    expect(versionText('0.2.0', 'release-42')).toBe('Admin panel v0.2.0 (release-42)');
  });
});
