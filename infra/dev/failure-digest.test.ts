import { describe, expect, it } from 'vitest';
import { failureDigest } from './failure-digest';

const feed = (lines: string[], options?: Parameters<typeof failureDigest>[0]) => {
  const digest = failureDigest(options);
  lines.forEach((line) => digest.add(line));
  return digest.lines();
};

describe('failureDigest', () => {
  it('keeps only the last lines when the output has no failure section', () => {
    const output = Array.from({ length: 50 }, (_, i) => `line ${i}`);
    expect(feed(output, { tailLines: 3 })).toEqual(['line 47', 'line 48', 'line 49']);
  });

  it("keeps vitest's unhandled-error section and the closing lines after it, once each", () => {
    const output = [
      ...Array.from({ length: 30 }, (_, i) => `✓ test ${i}`),
      '⎯⎯⎯⎯ Unhandled Rejection ⎯⎯⎯⎯',
      'Error: connect ECONNREFUSED 127.0.0.1:6390',
      ' ❯ TCPConnectWrap.afterConnect',
      ' Test Files  5 passed (5)',
      '      Tests  14 passed (14)',
      '     Errors  1 error',
    ];
    expect(feed(output, { tailLines: 4 })).toEqual(output.slice(30));
  });

  it('cuts a long failure section and says so, then adds the closing lines', () => {
    const output = ['⎯⎯⎯ Failed Tests 2 ⎯⎯⎯', ...Array.from({ length: 10 }, (_, i) => `detail ${i}`), 'Tests  2 failed | 3 passed'];
    expect(feed(output, { sectionLines: 3, tailLines: 1 })).toEqual([
      '⎯⎯⎯ Failed Tests 2 ⎯⎯⎯',
      'detail 0',
      'detail 1',
      '…',
      'Tests  2 failed | 3 passed',
    ]);
  });
});
