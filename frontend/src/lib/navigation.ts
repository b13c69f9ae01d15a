/**
 * Navigation for code that runs outside React components (the API client ending a session).
 * The app registers the router's navigate at start; until then a full page load does the job.
 */
export type Navigator = (to: string, options?: { replace?: boolean }) => void;

let current: Navigator = (to, options) => {
  if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
};

export function setNavigator(navigator: Navigator): void {
  current = navigator;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  current(to, options);
}
