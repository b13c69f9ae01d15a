/** Mantine's Tooltip on its own, for deferred-tooltip.tsx to load when first needed. */
export { Tooltip } from '@mantine/core';
