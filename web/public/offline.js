// The offline page: the reader's language and theme from the app's cookies, and a retry that reloads.
(function () {
  var cookie = function (name) {
    var m = document.cookie.match(new RegExp('(?:^|; )' + name + '=([^;]*)'));
    return m ? m[1] : null;
  };
  var dark = cookie('darkMode');
  if (dark) document.documentElement.classList.add(dark === 'true' ? 'dark' : 'light');
  if (cookie('language') === 'en') {
    document.documentElement.lang = 'en';
    document.title = 'No connection · Otkrytka';
    document.getElementById('offline-title').textContent = 'No connection';
    document.getElementById('offline-text').textContent = 'Check your internet connection and try again.';
    document.getElementById('offline-retry').textContent = 'Retry';
  }
  document.getElementById('offline-retry').addEventListener('click', function () {
    location.reload();
  });
})();
