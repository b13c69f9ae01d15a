import { cloneElement, lazy, Suspense, useState, type ReactElement } from 'react';

/**
 * Mantine's Tooltip (shown on hover, as Mantine's is by default), loaded the first time the pointer
 * reaches its target: the positioning engine it brings (floating-ui, about a tenth of the landing
 * page's script) stays off pages where nobody asks for the hint. Whether the pointer is over the
 * target is tracked here from the first event on, so the hint that triggered the load opens once the
 * code is in.
 */
const Tooltip = lazy(() => import('./mantine-tooltip').then((m) => ({ default: m.Tooltip })));

type Target = ReactElement<{ onPointerEnter?: () => void; onPointerLeave?: () => void }>;

export function DeferredTooltip({ label, children }: { label: string; children: Target }) {
  const [hovered, setHovered] = useState(false);
  const [wanted, setWanted] = useState(false);
  const target = cloneElement(children, {
    onPointerEnter: () => {
      setWanted(true);
      setHovered(true);
    },
    onPointerLeave: () => setHovered(false),
  });
  if (!wanted) return target;
  return (
    <Suspense fallback={target}>
      <Tooltip label={label} opened={hovered}>
        {target}
      </Tooltip>
    </Suspense>
  );
}
