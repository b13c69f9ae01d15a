/** How a re-screen interval reads, and the choices the edit form offers. */
export function intervalText(hours: number): string {
  if (hours === 1) return 'Hourly';
  if (hours === 24) return 'Daily';
  if (hours === 168) return 'Weekly';
  if (hours % 24 === 0) return `Every ${hours / 24} days`;
  return `Every ${hours} hours`;
}

export const intervalChoices = [
  { value: '1', label: 'Hourly' },
  { value: '24', label: 'Daily' },
  { value: '168', label: 'Weekly' },
  { value: 'custom', label: 'Every … hours' },
] as const;

/** The choice a watch's interval falls under. */
export const choiceOf = (hours: number): string => (hours === 1 || hours === 24 || hours === 168 ? String(hours) : 'custom');
