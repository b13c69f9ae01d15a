import type { ScrollAreaProps } from '@mantine/core';

/**
 * `scrollAreaProps` for a Table.ScrollContainer whose table may hold nothing focusable (no buttons
 * or links, as an auditor sees it): narrower than the table (a phone), it scrolls sideways, so it
 * must be reachable by keyboard and named (axe's scrollable-region-focusable).
 */
export function scrollRegion(label: string): ScrollAreaProps {
  return { viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label } };
}
