import type { ReactNode } from 'react';
import { Box } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleDashed, IconCircleX, IconHelpCircle, type Icon } from '@tabler/icons-react';
import type { AmlStatusKind, LinkedWallet, RiskLevel } from '@walletscreen/contracts';
import classes from './tone.module.css';

/**
 * The tones of the risk palette: green, gold, red, and two neutrals: `incomplete` (a check that
 * lacked its evidence: never green) and `unknown`.
 */
export type Tone = 'low' | 'medium' | 'high' | 'incomplete' | 'unknown';

export function riskTone(level: RiskLevel): Tone {
  return level;
}

export function amlTone(kind: AmlStatusKind): Tone {
  switch (kind) {
    case 'compliant':
      return 'low';
    case 'review':
      return 'medium';
    case 'non-compliant':
      return 'high';
    case 'incomplete':
      return 'incomplete';
    case 'unknown':
      return 'unknown';
    default: {
      const _exhaustive: never = kind;
      return _exhaustive;
    }
  }
}

/** Green check, gold warning, red cross, a dashed circle for incomplete, neutral question mark. */
export function toneIcon(tone: Tone): Icon {
  switch (tone) {
    case 'low':
      return IconCircleCheck;
    case 'medium':
      return IconAlertTriangle;
    case 'high':
      return IconCircleX;
    case 'incomplete':
      return IconCircleDashed;
    case 'unknown':
      return IconHelpCircle;
    default: {
      const _exhaustive: never = tone;
      return _exhaustive;
    }
  }
}

export const toneClasses = classes;

/** A pill in a risk tone, with its icon (decorative: the text says the same). `wrap` lets a long label wrap in a narrow card. */
export function ToneBadge({ tone, children, icon, wrap = false }: { tone: Tone; children: ReactNode; icon?: Icon | null; wrap?: boolean }) {
  const IconComponent = icon === undefined ? toneIcon(tone) : icon;
  return (
    <Box component="span" className={`${classes.tone} ${classes.badge}`} data-tone={tone} data-wrap={wrap || undefined}>
      {IconComponent ? <IconComponent size={16} stroke={2} aria-hidden="true" /> : null}
      {children}
    </Box>
  );
}

/** A lone tone icon with a text alternative. */
export function ToneIcon({ tone, icon, label, size = 22 }: { tone: Tone; icon?: Icon; label: string; size?: number }) {
  const IconComponent = icon ?? toneIcon(tone);
  return (
    <Box component="span" className={classes.tone} data-tone={tone} style={{ display: 'inline-flex' }}>
      <IconComponent className={classes.icon} size={size} stroke={1.8} role="img" aria-label={label} />
    </Box>
  );
}

/** What marks a linked wallet, in words: "Sanctioned", "Flagged", or nothing. */
export const linkedWalletMark = (risk: LinkedWallet['risk']): string => (risk === 'sanctioned' ? 'Sanctioned' : risk === 'flagged' ? 'Flagged' : '');

/** The badge of a marked linked wallet: red "Sanctioned", gold "Flagged"; none for an unmarked one. */
export function LinkedWalletBadge({ risk }: { risk: LinkedWallet['risk'] }) {
  return risk === 'none' ? null : <ToneBadge tone={risk === 'sanctioned' ? 'high' : 'medium'}>{linkedWalletMark(risk)}</ToneBadge>;
}
