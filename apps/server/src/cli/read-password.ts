/**
 * Reads a password for a command: the first line of standard input when it is piped
 * (`echo "$PASSWORD" | quire users set-password ...`), or typed on the terminal without echo,
 * twice. Prompts go to stderr: stdout is the command's.
 */
import { CliError } from './cli-error';

type Input = NodeJS.ReadStream;
type Output = (text: string) => void;

const ENTER = new Set(['\r', '\n']);
const CTRL_C = '\u0003';
const CTRL_D = '\u0004';
const BACKSPACE = new Set(['\u007f', '\b']);

async function firstLineOf(input: Input): Promise<string> {
  let text = '';
  for await (const chunk of input) {
    text += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
    if (text.includes('\n')) break;
  }
  const line = text.split('\n')[0]!.replace(/\r$/, '');
  if (line === '')
    throw new CliError('No password on standard input: pipe it in, or run the command on a terminal');
  return line;
}

/** One line typed on the terminal, not echoed. */
function typedWithoutEcho(input: Input, output: Output, prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let typed = '';
    output(prompt);
    input.setRawMode(true);
    input.setEncoding('utf8');
    input.resume();
    const finish = (outcome: () => void) => {
      input.removeListener('data', onData);
      input.setRawMode(false);
      input.pause();
      output('\n');
      outcome();
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (ENTER.has(char) || (char === CTRL_D && typed === '')) return finish(() => resolve(typed));
        if (char === CTRL_C) return finish(() => reject(new CliError('Cancelled: nothing was changed')));
        if (BACKSPACE.has(char)) typed = typed.slice(0, -1);
        else if (char >= ' ') typed += char;
      }
    };
    input.on('data', onData);
  });
}

export async function readPassword(
  input: Input = process.stdin,
  output: Output = (text) => process.stderr.write(text),
): Promise<string> {
  if (!input.isTTY) return firstLineOf(input);
  const first = await typedWithoutEcho(input, output, 'New password: ');
  const again = await typedWithoutEcho(input, output, 'Type it again: ');
  if (first !== again) throw new CliError('The two passwords differ: nothing was changed');
  return first;
}
