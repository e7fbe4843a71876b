/**
 * The server's Git repositories, loaded on the first read or write: isomorphic-git takes
 * about 90 ms to load, which neither a start of the server nor a `quire` command should pay
 * before anyone synchronizes a space. Refusing a URL needs none of it. With `threads`, the
 * conversion of what is read into pages runs in a job thread (`threadedRepositoryReader`).
 */
import type { GitReadRequest, GitRepositories, GitWriteRequest } from '@quire/domain';
import type { StoredBlobs } from '@quire/persistence';
import type { LimitedPool } from '../worker-pools/limited-pool';
import { remoteRefusal } from './git-remote';
import type { GitRepositoryLimits, GitRepositoryOptions } from './server-git-repositories';

export class GitRepositoriesOnDemand implements GitRepositories {
  #loaded: Promise<GitRepositories> | undefined;

  constructor(
    private readonly blobs: StoredBlobs,
    private readonly limits: GitRepositoryLimits,
    private readonly options: GitRepositoryOptions,
    private readonly threads?: LimitedPool,
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
    this.#loaded ??= Promise.all([
      import('./server-git-repositories'),
      import('./threaded-repository-reader'),
    ]).then(
      ([{ ServerGitRepositories }, { threadedRepositoryReader }]) =>
        new ServerGitRepositories(
          this.blobs,
          this.limits,
          this.options,
          this.threads && threadedRepositoryReader(this.threads, this.blobs),
        ),
    );
    return this.#loaded;
  }
}
