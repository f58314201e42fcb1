function compiled() {}
