// What a failed step said about its failure, kept small enough to repeat in npm test's summary: vitest's
// failure sections (failed tests, failed suites, unhandled errors) and the step's last lines.
const FAILURE_SECTION = /⎯{3,}\s*(Failed Tests?|Failed Suites?|Unhandled (Errors?|Rejections?))\b/;

export interface FailureDigest {
  add(line: string): void;
  lines(): string[];
}

export function failureDigest({ sectionLines = 120, tailLines = 20 } = {}): FailureDigest {
  const section: string[] = [];
  const tail: { index: number; line: string }[] = [];
  let sectionStart = -1;
  let seen = 0;
  let truncated = false;
  return {
    add(line) {
      if (sectionStart < 0 && FAILURE_SECTION.test(line)) sectionStart = seen;
      if (sectionStart >= 0) {
        if (section.length < sectionLines) section.push(line);
        else truncated = true;
      }
      tail.push({ index: seen++, line });
      if (tail.length > tailLines) tail.shift();
    },
    lines() {
      const sectionEnd = sectionStart < 0 ? -1 : sectionStart + section.length;
      const rest = tail.filter((entry) => entry.index >= sectionEnd).map((entry) => entry.line);
      return [...section, ...(truncated ? ['…'] : []), ...rest];
    },
  };
}
