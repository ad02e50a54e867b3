// The entry of index.html. The browser paints the page's spinner first, then the app's code loads and
// runs: evaluating the framework before the first paint would hold the spinner back on a fast
// network and a slow phone (and Lighthouse's first contentful paint with it).
requestAnimationFrame(() => {
  setTimeout(() => {
    void import('./main');
  }, 0);
});
