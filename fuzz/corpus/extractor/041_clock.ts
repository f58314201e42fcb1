class Clock {
  now(): number {
    return Date.now();
  }
}

export = Clock;
