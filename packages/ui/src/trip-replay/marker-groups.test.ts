import { describe, expect, it } from 'vitest';
import { groupAlong, groupNear } from './marker-groups';

describe('given markers along a timeline', () => {
  it('gathers those less than the gap from the one before, and keeps the others apart', () => {
    const groups = groupAlong([100, 0, 30, 10, 45, 200], (x) => x, 24);

    expect(groups).toEqual([[0, 10, 30, 45], [100], [200]]);
  });

  it('leaves markers exactly the gap apart on their own', () => {
    expect(groupAlong([0, 24, 48], (x) => x, 24)).toEqual([[0], [24], [48]]);
  });
});

describe('given markers on a map', () => {
  it('gathers those near a member of a group, in their own order', () => {
    const points = [
      { id: 1, x: 0, y: 0 },
      { id: 2, x: 100, y: 100 },
      { id: 3, x: 3, y: 4 },
      { id: 4, x: 100, y: 90 },
    ];

    const groups = groupNear(points, (point) => point, 6);

    expect(groups.map((group) => group.map((point) => point.id))).toEqual([[1, 3], [2], [4]]);
  });
});
