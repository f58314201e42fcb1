import type { User } from '../models';

export interface Repository {
  save(user: User): void;
  find(id: string): User | undefined;
}

export class MemoryRepo implements Repository {
  save(user: User): void {}

  find(id: string): User | undefined {
    return undefined;
  }
}
