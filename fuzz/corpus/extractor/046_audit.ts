import { Named, User } from '../models';
import { Repository, MemoryRepo } from 'src/services/repo';

export class AuditedUser extends User implements Named {
  /** Logs, then names. */
  name(): string {
    return super.name();
  }
}

function makeRepo() {
  return new MemoryRepo();
}

export function audit(user: AuditedUser): void {
  const repo: Repository = makeRepo();
  repo.save(user);
  let later;
  later = new MemoryRepo();
  later.find('x');
  user.name();
  user.validate();
}
