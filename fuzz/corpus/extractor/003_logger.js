class Logger {
  log(message) {
    console.log(message);
  }
}

module.exports = Logger;
