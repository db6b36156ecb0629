import { translationNoticeDismissedAttribute, translationNoticeStorageKey } from '../../templates/TranslationBar';
import type { SiteConfig } from '../config/site-schema';
import { translatorOf } from '../shared/i18n/interface-text';
import { siteInterfaceText, translationNoticeIdOf } from './chrome';
import { jsonForScript } from './escape';

/*
 * Every value from the config goes into these scripts through jsonForScript: JSON.stringify alone leaves
 * `</script>` as it is, and an `announcementBar.id` holding it would end the script and start markup.
 */

/**
 * The inline script that runs before first paint: sets `data-theme` (stored choice, else the system
 * preference when allowed, else the default) and hides a dismissed announcement bar and translation notice, so
 * nothing flashes.
 */
export function colorModeScript(site: SiteConfig): string {
  const { defaultMode, respectPrefersColorScheme } = site.colorMode;
  const barId = site.announcementBar?.id;
  const prefers = [
    "try{if(matchMedia('(prefers-color-scheme: light)').matches)t='light';",
    "if(matchMedia('(prefers-color-scheme: dark)').matches)t='dark'}catch(e){}",
  ].join('');
  const bar = [
    "try{if(localStorage.getItem('docusaurus.announcement.id')===",
    jsonForScript(barId),
    "&&localStorage.getItem('docusaurus.announcement.dismiss')==='true')",
    "d.setAttribute('data-announcement-bar-initially-dismissed','true')}catch(e){}",
  ].join('');
  const notice = site.translationNotice
    ? [
        `try{if(localStorage.getItem(${jsonForScript(translationNoticeStorageKey)})===`,
        jsonForScript(translationNoticeIdOf(site.translationNotice)),
        `)d.setAttribute(${jsonForScript(translationNoticeDismissedAttribute)},'true')}catch(e){}`,
      ].join('')
    : '';
  return [
    '(function(){var d=document.documentElement,s=null,t;',
    "try{s=localStorage.getItem('theme')}catch(e){}",
    `if(s==='light'||s==='dark'){t=s}else{t=${jsonForScript(defaultMode)};`,
    respectPrefersColorScheme ? prefers : '',
    "}d.setAttribute('data-theme',t);",
    barId ? bar : '',
    notice,
    '})();',
  ].join('');
}

/**
 * Shown on the home page when it is served from another path than the configured base URL (the app, whose
 * assets live under the base URL, then cannot load). Hydration removes it.
 */
export function baseUrlBannerScript(site: SiteConfig): string {
  const { t } = translatorOf(siteInterfaceText(site));
  // The suggestion is filled in by the script, which alone knows the path it is served from.
  const suggestion = jsonForScript(t('theme.BaseUrlIssueBanner.suggestion', { baseUrl: site.baseUrl }));
  return [
    `(function(){var b=${jsonForScript(site.baseUrl)},p=location.pathname;`,
    "if(p===b||p+'/'===b||p.indexOf(b)===0)return;",
    "var s=p.replace(/[^/]*$/,'');var d=document.createElement('div');d.id='__docs-it-base-url-issue-banner';",
    "d.setAttribute('role','alert');",
    "d.style.cssText='border:3px solid #c00;background:#fee;color:#000;padding:1rem;margin:1rem;",
    "font:16px/1.5 system-ui,sans-serif';",
    "var h=document.createElement('p');h.style.fontWeight='700';",
    `h.textContent=${jsonForScript(t('theme.BaseUrlIssueBanner.title'))};`,
    `var t=document.createElement('p');t.textContent=${suggestion}`,
    ".split('{path}').join(p).split('{suggestion}').join(s);",
    'd.appendChild(h);d.appendChild(t);document.body.insertBefore(d,document.body.firstChild)})();',
  ].join('');
}
