// The theme before the first paint, so a dark page never flashes white. A file of its own (a
// classic script, so it runs before the page is drawn): the Content-Security-Policy allows no
// inline script.
(function () {
  var s = localStorage.getItem('ds.theme');
  var dark = s ? s === 'dark' : matchMedia('(prefers-color-scheme: dark)').matches;
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
})();
