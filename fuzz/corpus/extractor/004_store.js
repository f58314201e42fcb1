/** Keeps items in memory. */
class Store {
  constructor() {
    this.items = [];
  }

  add(item) {
    this.items.push(item);
    return this;
  }

  size() {
    return this.items.length;
  }
}

class CachedStore extends Store {
  add(item) {
    super.add(item);
    this.flush();
  }

  flush() {}
}

function createStore() {
  return new Store();
}

module.exports = { Store, CachedStore, createStore };
