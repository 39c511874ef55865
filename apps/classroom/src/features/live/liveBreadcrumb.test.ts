import { describe, expect, it } from 'vitest';
import { breadcrumbOf } from '../../app/shell/breadcrumb';

describe('the live screen in the breadcrumb', () => {
  it('sits under the lectures, like the lessons', () => {
    expect(breadcrumbOf('/main/live')).toEqual(['shell.home', 'curriculum.title', 'live.title']);
  });
});
