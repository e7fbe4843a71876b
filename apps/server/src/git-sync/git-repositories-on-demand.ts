/**
 * The server's Git repositories, loaded on the first read or write: isomorphic-git takes
 * about 90 ms to load, which neither a start of the server nor a `quire` command should pay
 * before anyone synchronizes a space. Refusing a URL needs none of it.
 */
import type { GitReadRequest, GitRepositories, GitWriteRequest } from '@quire/domain';
import type { StoredBlobs } from '@quire/persistence';
import { remoteRefusal } from './git-remote';
import type { GitRepositoryLimits, GitRepositoryOptions } from './server-git-repositories';

export class GitRepositoriesOnDemand implements GitRepositories {
  #loaded: Promise<GitRepositories> | undefined;

  constructor(
    private readonly blobs: StoredBlobs,
    private readonly limits: GitRepositoryLimits,
    private readonly options: GitRepositoryOptions,
  ) {}

  refusal(url: string): string | null {
    return remoteRefusal(url, this.options.allowFile);
  }

  async read(request: GitReadRequest) {
    return (await this.#repositories()).read(request);
  }

  async write(request: GitWriteRequest) {
    return (await this.#repositories()).write(request);
  }

  #repositories(): Promise<GitRepositories> {
    this.#loaded ??= import('./server-git-repositories').then(
      ({ ServerGitRepositories }) => new ServerGitRepositories(this.blobs, this.limits, this.options),
    );
    return this.#loaded;
  }
}
