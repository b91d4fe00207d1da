// Prefixed, coloured log lines for the orchestrator and the processes it supervises.

const useColor = process.env.FORCE_COLOR ? process.env.FORCE_COLOR !== '0' : Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;
const PALETTE = [36, 33, 35, 32, 34, 96, 93, 95, 92, 94];
const assigned = new Map<string, number>();
let width = 10;

export function paint(code: number, text: string): string {
  return useColor ? `\x1b[${code}m${text}\x1b[0m` : text;
}

export const bold = (text: string) => paint(1, text);

function colorFor(name: string): number {
  let code = assigned.get(name);
  if (code === undefined) {
    code = PALETTE[assigned.size % PALETTE.length];
    assigned.set(name, code);
  }
  return code;
}

/** Returns a function that prints each line with a `name │` prefix in the name's colour. */
export function prefixed(name: string, stream: NodeJS.WriteStream = process.stdout): (line: string) => void {
  width = Math.max(width, name.length);
  const code = colorFor(name);
  return (text: string) => {
    for (const line of text.split('\n')) stream.write(`${paint(code, name.padEnd(width) + ' │')} ${line}\n`);
  };
}

const own = prefixed('zaytoon');
const ownErr = prefixed('zaytoon', process.stderr);

export const log = {
  info: (message: string) => own(message),
  warn: (message: string) => ownErr(paint(33, message)),
  error: (message: string) => ownErr(paint(31, message)),
};
