import { isValidStreamPrefix, kindOfPrefix, parsePositionParam, positionStops, stopIndexAt } from './position-stops';

const events = [
  { position: 40, revision: 2, name: 'Checks topped up' },
  { position: 3, revision: 0, name: 'User registered' },
  { position: 17, revision: 1, name: 'Check charged' },
];

it('makes one stop per event, in position order', () => {
  expect(positionStops(events)).toEqual([
    { position: 3, revision: 0, name: 'User registered', label: 'Position 3 · revision 0 · User registered' },
    { position: 17, revision: 1, name: 'Check charged', label: 'Position 17 · revision 1 · Check charged' },
    { position: 40, revision: 2, name: 'Checks topped up', label: 'Position 40 · revision 2 · Checks topped up' },
  ]);
  expect(positionStops([])).toEqual([]);
});

it('finds the stop a position falls on: the last event at or before it', () => {
  const stops = positionStops(events);
  expect(stopIndexAt(stops, null)).toBe(2);
  expect(stopIndexAt(stops, 17)).toBe(1);
  expect(stopIndexAt(stops, 39)).toBe(1);
  expect(stopIndexAt(stops, 1000)).toBe(2);
  expect(stopIndexAt(stops, 2)).toBe(-1);
  expect(stopIndexAt([], null)).toBe(-1);
});

it('reads ?position= only as a whole non-negative number', () => {
  expect(parsePositionParam('17')).toBe(17);
  expect(parsePositionParam('0')).toBe(0);
  for (const bad of [null, '', '-1', '1.5', 'abc', '9999999999999999999']) expect(parsePositionParam(bad)).toBeNull();
});

it('accepts only prefixes the server accepts', () => {
  expect(isValidStreamPrefix('user-')).toBe(true);
  expect(isValidStreamPrefix('')).toBe(true);
  expect(isValidStreamPrefix('$all')).toBe(false);
  expect(isValidStreamPrefix('a b')).toBe(false);
});

it('names the kind a prefix belongs to, the longest prefix winning', () => {
  const kinds = [
    { kind: 'check', prefix: 'check-' },
    { kind: 'custom-list', prefix: 'custom-list-' },
    { kind: 'custom', prefix: 'custom-' },
  ];
  expect(kindOfPrefix(kinds, 'check-')?.kind).toBe('check');
  expect(kindOfPrefix(kinds, 'check-5d0e')?.kind).toBe('check');
  expect(kindOfPrefix(kinds, 'custom-list-a')?.kind).toBe('custom-list');
  expect(kindOfPrefix(kinds, 'chec')).toBeNull();
  expect(kindOfPrefix(kinds, '')).toBeNull();
});
