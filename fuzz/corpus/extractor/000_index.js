const { Store, createStore } = require('./lib/store');
const util = require('./lib/util');
const Logger = require('./lib/logger');
const path = require('path');
const { slugify } = require('./lib/util.js');
const config = require('./lib/config.cjs');

function main() {
  const store = new Store();
  store.add(1);
  const logger = new Logger();
  logger.log('x');
  util.slugify('a');
  slugify('b');
  util.helper();
  createStore();
  path.join('a');
  store.missing();
  mystery.add(1);
  config.load();
}

main();

module.exports = main;
