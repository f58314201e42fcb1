import { EventEmitter } from 'events';
import { User } from '../models';

export class Bus extends EventEmitter {
  private current: User;
  private names: string[] = [];

  constructor(seed: unknown) {
    super();
    this.current = seed as User;
    this.current = pick();
  }

  fire(): void {
    this.emit('fired');
    this.current.validate();
    this.names.push('a');
    this.load().then(() => {});
  }

  async load(): Promise<User> {
    return this.current;
  }
}

function pick(): any {
  return null;
}
