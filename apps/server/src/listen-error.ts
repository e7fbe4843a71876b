/** Why a server could not listen, in one line naming the setting to change (PORT or HOST). */
import type { Config } from './config';

/** The server cannot listen where PORT and HOST say; the message names the setting to change. */
export class ListenError extends Error {
  override readonly name = 'ListenError';
}

/** Why listening failed, by system error code, and the setting to change. */
const LISTEN_PROBLEMS: Record<string, { reason: string; setting: 'PORT' | 'HOST' }> = {
  EADDRINUSE: { reason: 'the port is already in use; stop what uses it or choose another', setting: 'PORT' },
  EACCES: { reason: 'permission denied (ports below 1024 need privileges)', setting: 'PORT' },
  EADDRNOTAVAIL: { reason: 'the address is not one of this machine', setting: 'HOST' },
  ENOTFOUND: { reason: 'the host name does not resolve', setting: 'HOST' },
  EAI_AGAIN: { reason: 'the host name does not resolve', setting: 'HOST' },
};

export function listenErrorOf(error: unknown, config: Config): ListenError | undefined {
  const code = error instanceof Error ? (error as NodeJS.ErrnoException).code : undefined;
  const problem = code === undefined ? undefined : LISTEN_PROBLEMS[code];
  if (!problem) return undefined;
  return new ListenError(
    `cannot listen on ${config.host}:${config.port} (${problem.setting}): ${problem.reason} (${code})`,
    { cause: error },
  );
}
