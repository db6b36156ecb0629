/**
 * The element that names the page after an in-app navigation: focused, so that a screen reader reads the new
 * title and the next Tab starts from the top of the page. It lives just before the hydrated root, outside
 * React's tree: the server renders no such element, and hydration must find exactly the server's markup.
 */
export interface RouteAnnouncer {
  /** Shows `title` and moves focus to it without scrolling. */
  announce(title: string): void;
}

export function createRouteAnnouncer(root: HTMLElement, title: string): RouteAnnouncer {
  const element = document.createElement('p');
  element.tabIndex = -1;
  element.className = 'visually-hidden route-announcer';
  element.textContent = title;
  root.before(element);
  return {
    announce(next) {
      element.textContent = next;
      element.focus({ preventScroll: true });
    },
  };
}
