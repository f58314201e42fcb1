	import React from 'react';
import { run } from '../src/esm.mjs';

export function Button() {
  return <button onClick={() => run()}>go</button>;
}
