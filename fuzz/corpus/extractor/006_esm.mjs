import { createStore } from '../lib/store.js';
import main from '../index.js';

export const run = () => {
  createStore();
  main();
  import('./lazy.mjs');
};
