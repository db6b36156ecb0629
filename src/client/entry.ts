/*
 * Progressive enhancement of the server-rendered pages: colour mode, announcement bar, mobile menu,
 * sidebar categories, dropdowns, tabs and copy buttons. Each piece works on the static HTML alone.
 */
import { enhanceColorMode } from './color-mode';
import { enhanceAnnouncementBar } from './announcement-bar';
import { enhanceNavigation } from './navigation-menus';
import { enhanceContent } from './content-widgets';

enhanceColorMode();
enhanceAnnouncementBar();
enhanceNavigation();
enhanceContent(document);
