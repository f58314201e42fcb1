exports.slugify = function (text) {
  return text.trim();
};

function helper() {
  return 1;
}

exports.helper = helper;
