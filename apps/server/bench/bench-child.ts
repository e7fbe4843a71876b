/**
 * A benchmark's server in a child process of its own, so the load generator (autocannon, in
 * the parent) does not share its event loop: the child prints one JSON line with what the
 * parent needs (ports, ids, tokens), then serves until stopped.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export async function startBenchChild<Fixture>(script: URL): Promise<{ fixture: Fixture; stop(): void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script.pathname], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const fixture = await new Promise<Fixture>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', (line) => resolve(JSON.parse(line) as Fixture));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { fixture, stop: () => child.kill('SIGTERM') };
}
