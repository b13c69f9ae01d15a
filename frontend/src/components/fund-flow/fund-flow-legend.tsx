import { Group, Text } from '@mantine/core';
import { fundFlowTones, toneLegend } from './fund-flow-display';
import classes from './fund-flow.module.css';

/** What the colours, sizes and arrows of the graph mean. */
export function FundFlowLegend() {
  return (
    <Group gap="xs" align="flex-start" wrap="wrap" justify="space-between">
      <ul className={classes.legend} aria-label="Legend: node colours">
        {fundFlowTones.map((tone) => (
          <li key={tone} className={classes.tone} data-tone={tone}>
            <Group gap={6} wrap="nowrap">
              <span className={classes.swatch} aria-hidden="true" />
              <Text span size="xs">
                {toneLegend[tone]}
              </Text>
            </Group>
          </li>
        ))}
      </ul>
      <Text size="xs" c="dimmed">
        Size: share of the wallet&apos;s examined value. Arrows: the direction funds moved. The wallet is ringed. A dashed ring: marked by clustering only
        (spent together with a labelled address).
      </Text>
    </Group>
  );
}
