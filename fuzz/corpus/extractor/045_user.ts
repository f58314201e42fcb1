import { Entity, Named } from './base';

function sealed(target: unknown): void {}

export class Email {
  value(): string {
    return '';
  }
}

export class Profile {
  render(): void {}
}

/** A user of the shop. */
@sealed
export class User extends Entity implements Named {
  constructor(private readonly email: Email) {
    super();
  }

  id(): string {
    return this.email.value();
  }

  name(): string {
    return this.id();
  }

  get profile(): Profile {
    return new Profile();
  }

  validate(): boolean {
    this.describe();
    super.describe();
    this.profile.render();
    return true;
  }

  static create(): User {
    return new User(new Email());
  }
}

export const Guest = class extends User {
  name(): string {
    return 'guest';
  }
};
