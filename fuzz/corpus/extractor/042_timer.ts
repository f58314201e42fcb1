import Clock = require('./clock');

export function elapsed(): number {
  const clock = new Clock();
  return clock.now();
}
