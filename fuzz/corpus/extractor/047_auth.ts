import { User } from '../models';
import * as models from '../models';
import { Repository, MemoryRepo } from './repo';
import { upper, fmt, math } from '@util/index';
import defaultFormat from '../util/format';
import { log as writeLog, Logger } from '@shop/logger';
import React from 'react';
import { createHash } from 'node:crypto';
import '../side-effect';

export class AuthService {
  private logger: Logger = new Logger();

  constructor(private repo: Repository) {}

  async login(email: string): Promise<User> {
    writeLog(upper(email));
    this.logger.info(email);
    const user = User.create();
    user.validate();
    this.repo.save(user);
    const found = this.repo.find(email);
    found.name();
    models.User.create();
    fmt(1);
    math.add(1, 2);
    defaultFormat();
    createHash('sha1');
    unknownThing.run();
    return user;
  }

  helper = () => {
    this.login('a');
  };
}

export function build(): AuthService {
  const service = new AuthService(new MemoryRepo());
  return service;
}

function untyped(repo) {
  repo.save(null);
}

const main = async () => {
  const s = build();
  await s.login('a');
  const r = new MemoryRepo();
  r.find('x')?.validate();
  function inner() {
    build();
  }
  inner();
};

main();
export default AuthService;
