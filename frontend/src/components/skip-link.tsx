export const MAIN_CONTENT_ID = 'main-content';

/** The first focusable element of a screen: jumps over the header and navigation to the content. */
export function SkipLink() {
  return (
    <a className="ws-skip-link" href={`#${MAIN_CONTENT_ID}`}>
      Skip to content
    </a>
  );
}
