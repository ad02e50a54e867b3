/**
 * The type the API server gives a server-rendered page's entry script (`codeAfterPaint` of
 * apps/api): a browser neither fetches nor runs a script of a type it does not know, so the page's
 * HTML, styles and photos have the network to themselves until {@link AFTER_PAINT_STARTER} starts it.
 */
export const AFTER_PAINT_TYPE = 'text/x-santap-after-paint';

/**
 * Sent on `window` by the app once React has taken over the server's page (`HYDRATING_EVENT` of
 * @santap/ui's `startApp`; after-paint.test.js and ui's boot.test.ts check the name on each side).
 */
export const HYDRATING_EVENT = 'santap:hydrating';

/**
 * The inline script at the end of every app's `index.html` (README "afterPaintStarter"). On a page the
 * browser renders it does nothing: the entry is an ordinary module script. On a page the server
 * rendered (its entry retyped {@link AFTER_PAINT_TYPE}):
 *
 * - it starts the entry once the page has loaded and painted — the frame after `load` has drawn the
 *   header photo and the first dishes' photos, and the browser has reported the largest paint as
 *   shown (`largest-contentful-paint`, else `paint`, where the browser has them) — so on a phone's
 *   network the code does not share the bandwidth with them; at most 3 s after the HTML, should a
 *   photo be slow;
 * - until React has taken over, it holds the last button tapped (the page looks ready before its
 *   code runs) and taps it again once React has (`santap:hydrating`); a tap that would submit a form
 *   the plain way is stopped. A link still works: it is a link.
 *
 * Plain ES2017, no imports: the API's CSP allows it by its hash (`builtAppScriptHashes`).
 */
export const AFTER_PAINT_STARTER =
  '(function(d,w){' +
  `var entry=d.querySelector('script[type="${AFTER_PAINT_TYPE}"]');if(!entry)return;` +
  'var held=null,hold=function(e){var b=e.target instanceof Element?e.target.closest("button"):null;' +
  'if(!b)return;held=b;if(b.type==="submit"&&b.form)e.preventDefault();};' +
  'd.addEventListener("click",hold,true);' +
  `w.addEventListener("${HYDRATING_EVENT}",function(){d.removeEventListener("click",hold,true);` +
  'var t=held;held=null;if(t)setTimeout(function(){if(t.isConnected)t.click();},0);},{once:true});' +
  'var started=false,start=function(){if(started)return;started=true;var s=d.createElement("script");' +
  's.type="module";s.crossOrigin="";s.src=entry.src;d.head.appendChild(s);};' +
  // Shown, not only drawn: the browser reports a largest paint (else a first paint) once the screen has
  // shown it; a frame can be drawn well before (a headless or busy browser presents it later).
  'var shown=function(go){var P=w.PerformanceObserver,k=P&&P.supportedEntryTypes||[],' +
  'type=k.indexOf("largest-contentful-paint")>=0?"largest-contentful-paint":k.indexOf("paint")>=0?"paint":"";' +
  'if(!type)return go();var o=new P(function(){o.disconnect();go();});o.observe({type:type,buffered:true});};' +
  // Two frames: the first paints what `load` brought, the second is after that paint.
  'var afterPaint=function(){requestAnimationFrame(function(){requestAnimationFrame(function(){shown(function(){setTimeout(start,0);});});});};' +
  'if(d.readyState==="complete")afterPaint();else w.addEventListener("load",afterPaint,{once:true});' +
  'setTimeout(start,3000);' +
  '})(document,window);';

/**
 * Puts {@link AFTER_PAINT_STARTER} at the end of the built `index.html`'s body (after the root, so
 * the page it starts is all there).
 * @returns {import('vite').Plugin}
 */
export function afterPaintStarter() {
  return {
    name: 'santap-after-paint-starter',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler() {
        return [{ tag: 'script', children: AFTER_PAINT_STARTER, injectTo: 'body' }];
      },
    },
  };
}
