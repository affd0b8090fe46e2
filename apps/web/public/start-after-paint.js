// The drawn login and sign-up (apps/web/prerender.ts) start their script only once the browser has painted them:
// its modules are then fetched after the page's stylesheet, not beside it, so the first paint never waits for
// them. `data-entry` is the signed-out entry (src/signed-out.tsx), `data-preload` the modules it imports (fetched
// in parallel).
(() => {
  const script = document.currentScript;
  if (!script) return;
  const { entry, preload = '' } = script.dataset;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of preload.split(' ').filter(Boolean)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    const module = document.createElement('script');
    module.type = 'module';
    module.crossOrigin = '';
    module.src = entry;
    document.head.append(module);
  };
  // After the next frame is painted; a tab opened in the background (no frames) starts after a second.
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 1000);
})();
