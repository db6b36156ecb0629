import type { SiteConfig } from '../config/site-schema';
import { jsonForScript } from './escape';

/*
 * Every value from the config goes into these scripts through jsonForScript: JSON.stringify alone leaves
 * `</script>` as it is, and an `announcementBar.id` holding it would end the script and start markup.
 */

/**
 * The inline script that runs before first paint: sets `data-theme` (stored choice, else the system
 * preference when allowed, else the default) and hides a dismissed announcement bar, so nothing flashes.
 */
export function colorModeScript(site: SiteConfig): string {
  const { defaultMode, respectPrefersColorScheme } = site.colorMode;
  const barId = site.announcementBar?.id;
  const prefers = [
    "try{if(matchMedia('(prefers-color-scheme: light)').matches)t='light';",
    "if(matchMedia('(prefers-color-scheme: dark)').matches)t='dark'}catch(e){}",
  ].join('');
  const bar = () =>
    [
      "try{if(localStorage.getItem('docusaurus.announcement.id')===",
      jsonForScript(barId),
      "&&localStorage.getItem('docusaurus.announcement.dismiss')==='true')",
      "d.setAttribute('data-announcement-bar-initially-dismissed','true')}catch(e){}",
    ].join('');
  return [
    '(function(){var d=document.documentElement,s=null,t;',
    "try{s=localStorage.getItem('theme')}catch(e){}",
    `if(s==='light'||s==='dark'){t=s}else{t=${jsonForScript(defaultMode)};`,
    respectPrefersColorScheme ? prefers : '',
    "}d.setAttribute('data-theme',t);",
    barId ? bar() : '',
    '})();',
  ].join('');
}

/**
 * Shown on the home page when it is served from another path than the configured base URL (the app, whose
 * assets live under the base URL, then cannot load). Hydration removes it.
 */
export function baseUrlBannerScript(baseUrl: string): string {
  return [
    `(function(){var b=${jsonForScript(baseUrl)},p=location.pathname;if(p===b||p+'/'===b||p.indexOf(b)===0)return;`,
    "var s=p.replace(/[^/]*$/,'');var d=document.createElement('div');d.id='__docs-it-base-url-issue-banner';",
    "d.setAttribute('role','alert');",
    "d.style.cssText='border:3px solid #c00;background:#fee;color:#000;padding:1rem;margin:1rem;",
    "font:16px/1.5 system-ui,sans-serif';",
    "var h=document.createElement('p');h.style.fontWeight='700';",
    "h.textContent='Your Docusaurus site did not load properly.';",
    "var t=document.createElement('p');t.textContent='Il sito è configurato per l\\u0027URL di base '+b+",
    "' ma questa pagina è servita da '+p+'. Controlla baseUrl in site.config.ts: prova con baseUrl = '+s+",
    "' oppure pubblica il sito sotto '+b+'.';",
    'd.appendChild(h);d.appendChild(t);document.body.insertBefore(d,document.body.firstChild)})();',
  ].join('');
}
