import type { SiteConfig } from '../config/schema';

/**
 * The inline script that runs before first paint: sets `data-theme` (stored choice, else the system
 * preference when allowed, else the default) and hides a dismissed announcement bar, so nothing flashes.
 */
export function colorModeScript(site: SiteConfig): string {
  const { defaultMode, respectPrefersColorScheme } = site.colorMode;
  const barId = site.announcementBar?.id;
  return [
    '(function(){var d=document.documentElement,s=null,t;',
    "try{s=localStorage.getItem('theme')}catch(e){}",
    `if(s==='light'||s==='dark'){t=s}else{t=${JSON.stringify(defaultMode)};`,
    respectPrefersColorScheme
      ? "try{if(matchMedia('(prefers-color-scheme: light)').matches)t='light';if(matchMedia('(prefers-color-scheme: dark)').matches)t='dark'}catch(e){}"
      : '',
    "}d.setAttribute('data-theme',t);",
    barId
      ? `try{if(localStorage.getItem('docusaurus.announcement.id')===${JSON.stringify(barId)}&&localStorage.getItem('docusaurus.announcement.dismiss')==='true')d.setAttribute('data-announcement-bar-initially-dismissed','true')}catch(e){}`
      : '',
    '})();',
  ].join('');
}
