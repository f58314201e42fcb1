/**
 * Anything with an id.
 */
export abstract class Entity {
  abstract id(): string;

  describe(): string {
    return this.id();
  }
}

export interface Identified {
  id(): string;
}

export interface Named extends Identified {
  name(): string;
}
